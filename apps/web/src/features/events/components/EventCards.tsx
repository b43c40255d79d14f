import { useState } from 'react';
import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { FilterOutlined, LeftOutlined, RightOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { EventListItem, Paged } from '@eo/contract';
import { formatDateTime, fromNow } from '../../../lib/dates';
import { overviewPath, type ListGroup, type ListParams, type SortKey } from '../list-params';
import { CategoryTag } from './CategoryTag';
import { ChoiceDialog } from './ChoiceDialog';
import { LIST_TEXT as T } from '@eo/contract';

interface Props {
  group: ListGroup;
  data: Paged<EventListItem> | undefined;
  loading: boolean;
  params: ListParams;
  onChange: (next: Partial<ListParams>) => void;
}

/** The list at 576 px or less: cards, Filter and Sort dialogs, Prev/Next paging. */
export function EventCards({ group, data, loading, params, onChange }: Props) {
  const [dialog, setDialog] = useState<'filter' | 'sort' | null>(null);
  const [paid, setPaid] = useState(params.paid);
  const [sort, setSort] = useState<SortKey>(params.sort);
  const pages = data?.totalPages ?? 0;

  return (
    <div className="event-cards">
      <Space className="event-cards-tools">
        <Button icon={<FilterOutlined />} onClick={() => { setPaid(params.paid); setDialog('filter'); }}>{T.filter}</Button>
        <Button icon={<SortAscendingOutlined />} onClick={() => { setSort(params.sort); setDialog('sort'); }}>{T.sort}</Button>
      </Space>
      <Spin spinning={loading}>
        {data && data.docs.length === 0 ? (
          <Empty description={T.noData} />
        ) : (
          <ul className="event-card-list" aria-label={T.title[group]}>
            {data?.docs.map((e) => (
              <li key={e.id}>
                <Card size="small" className="event-card">
                  <div className="event-card-top">
                    {e.type ? <CategoryTag type={e.type} /> : null}
                    <Typography.Text type="secondary" className="event-card-status">
                      {e.approvedStatus === 'approved' ? T.approved : T.updated(fromNow(e.updatedAt))}
                    </Typography.Text>
                  </div>
                  <Typography.Title level={3} className="event-card-name">{e.name || '-'}</Typography.Title>
                  <Typography.Text type="secondary">{formatDateTime(e.createdAt)} · {e.isPaidEvent ? T.paid : T.free}</Typography.Text>
                  <div><Link to={overviewPath(group, e.id)}>{group === 'draft' ? T.edit : T.overview}</Link></div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <div className="event-cards-paging">
        <Button icon={<LeftOutlined />} disabled={params.page <= 1} onClick={() => onChange({ page: params.page - 1 })}>{T.prev}</Button>
        <Typography.Text>{T.page(params.page, pages)}</Typography.Text>
        <Button disabled={params.page >= pages} onClick={() => onChange({ page: params.page + 1 })}>{T.next} <RightOutlined /></Button>
      </div>

      <ChoiceDialog
        title={T.filter} label={T.eventType} open={dialog === 'filter'} value={paid} onChange={setPaid}
        options={[{ value: 'all', label: T.all }, { value: 'paid', label: T.paid }, { value: 'free', label: T.free }]}
        onApply={() => { onChange({ paid, page: 1 }); setDialog(null); }}
        onReset={() => { onChange({ paid: 'all', page: 1 }); setDialog(null); }}
        onClose={() => setDialog(null)} applyText={T.apply} resetText={T.reset}
      />
      <ChoiceDialog
        title={T.sort} label={T.sortBy} open={dialog === 'sort'} value={sort} onChange={setSort}
        options={(Object.keys(T.sortOptions) as SortKey[]).map((k) => ({ value: k, label: T.sortOptions[k] }))}
        onApply={() => { onChange({ sort, page: 1 }); setDialog(null); }}
        onReset={() => { onChange({ sort: 'newest', page: 1 }); setDialog(null); }}
        onClose={() => setDialog(null)} applyText={T.apply} resetText={T.reset}
      />
    </div>
  );
}
