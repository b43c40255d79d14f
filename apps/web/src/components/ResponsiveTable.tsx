import { isValidElement, useEffect, useRef, type Key, type ReactNode } from 'react';
import { Card, Checkbox, Empty, Pagination, Spin, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { useIsMobile } from '../lib/use-is-mobile';
import './responsive-table.css';

type Props<T> = Omit<TableProps<T>, 'aria-label'> & {
  /** Names the table, its card list and its scroll region. */
  'aria-label': string;
};

type Column<T> = TableColumnType<T>;

/** A column's cell value, by antd's rules: a key, an index or a path. */
function cellValue<T>(row: T, dataIndex: Column<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string | number, unknown>)[k as string]), row);
}

/** A render result as a node: antd also lets a cell render `{ children, props }`. */
function asNode(shown: unknown): ReactNode {
  if (shown && typeof shown === 'object' && !isValidElement(shown) && 'children' in shown) return (shown as { children: ReactNode }).children;
  return shown as ReactNode;
}

/** Shown on a phone unless its `responsive` list leaves `xs` out (the row number does). */
const onPhone = <T,>(c: Column<T>) => !c.responsive || c.responsive.includes('xs');

/**
 * A table that becomes a list of cards at 576 px or less (spec section 9's mobile breakpoint),
 * one card per row with every column as a label and its value, as the event lists do: a table
 * at 375 px showed two or three columns with status, amount and actions off screen. Above that,
 * antd's Table; when it scrolls sideways, its scroll area can be reached and scrolled with the
 * keyboard (axe `scrollable-region-focusable`).
 */
export function ResponsiveTable<T extends object>(props: Props<T>) {
  const isMobile = useIsMobile();
  return isMobile ? <CardList {...props} /> : <FocusableTable {...props} />;
}

function FocusableTable<T extends object>(props: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const label = props['aria-label'];
  useEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    }
  });
  return <div ref={ref}><Table<T> {...props} /></div>;
}

function CardList<T extends object>({ columns = [], dataSource = [], rowKey, rowSelection, loading, locale, pagination, 'aria-label': label }: Props<T>) {
  const cols = (columns as Column<T>[]).filter(onPhone);
  const keyOf = (row: T, i: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, i) : rowKey ? (row as Record<string, Key>)[rowKey as string] : i;
  const empty = locale?.emptyText;
  // A checkbox row selection is a checkbox on each card, with the props (label, disabled) the table's would get.
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const select = (i: number, on: boolean) => {
    const picked = dataSource.filter((row, ri) => (ri === i ? on : selected.has(keyOf(row, ri))));
    rowSelection?.onChange?.(picked.map((row) => keyOf(row, dataSource.indexOf(row))), picked, { type: 'single' });
  };
  return (
    <div className="rcards">
      <Spin spinning={Boolean(loading)}>
        {dataSource.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={typeof empty === 'function' ? empty() : empty} />
        ) : (
          <ul className="rcards-list" aria-label={label}>
            {dataSource.map((row, i) => (
              <li key={keyOf(row, i)}>
                <Card size="small" className="rcard">
                  {rowSelection && rowSelection.type !== 'radio' && (
                    <Checkbox
                      {...rowSelection.getCheckboxProps?.(row)} className="rcard-select" checked={selected.has(keyOf(row, i))}
                      onChange={(e) => select(i, e.target.checked)}
                    />
                  )}
                  <dl className="rcard-fields">
                    {cols.map((c, ci) => {
                      const value = cellValue(row, c.dataIndex);
                      const shown = c.render ? c.render(value, row, i) : (value as ReactNode);
                      return (
                        <div className="rcard-field" key={String(c.key ?? ci)}>
                          <dt>{typeof c.title === 'function' ? null : c.title}</dt>
                          <dd>{asNode(shown) ?? '-'}</dd>
                        </div>
                      );
                    })}
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10) && (
        <Pagination simple {...pagination} className="rcards-paging" align="center" />
      )}
    </div>
  );
}
