import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Tag } from 'antd';
import { stubMatchMedia } from '../test/match-media';
import { ResponsiveTable } from './ResponsiveTable';

interface Row { id: string; name: string; amount: number; status: 'confirmed' | 'refund' }
const ROWS: Row[] = [
  { id: 'a', name: 'Yoga Lestari', amount: 75_000, status: 'confirmed' },
  { id: 'b', name: 'Sari Nugroho', amount: 100_000, status: 'refund' },
];
const COLUMNS = [
  { key: 'no', title: 'No', responsive: ['sm' as const], render: (_: unknown, __: Row, i: number) => i + 1 },
  { key: 'name', title: 'Pembeli', dataIndex: 'name' },
  { key: 'amount', title: 'Jumlah', dataIndex: 'amount', render: (v: number) => `Rp${v}` },
  { key: 'status', title: 'Status', dataIndex: 'status', render: (v: string) => <Tag>{v}</Tag> },
];

/** A viewport of `width` px as far as matchMedia's max-width queries go. */
function viewport(width: number) {
  stubMatchMedia((query) => Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0) >= width);
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('at 375 px lists one card per row with every column, status and amount included', () => {
    viewport(375);
    render(<ResponsiveTable<Row> aria-label="Riwayat Penjualan" rowKey="id" columns={COLUMNS} dataSource={ROWS} pagination={false} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Riwayat Penjualan' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = within(cards[1]!);
    second.getByText('Pembeli');
    second.getByText('Sari Nugroho');
    second.getByText('Rp100000');
    second.getByText('refund');
    // The row number is left to the table (`responsive: ['sm']`).
    expect(second.queryByText('No')).toBeNull();
  });

  it('at 375 px a checkbox selection is a checkbox on each card, labelled as the table\'s would be', () => {
    viewport(375);
    const onChange = vi.fn();
    const { rerender } = render(
      <ResponsiveTable<Row>
        aria-label="Pembeli" rowKey="id" columns={COLUMNS} dataSource={ROWS} pagination={false}
        rowSelection={{ selectedRowKeys: [], onChange, getCheckboxProps: (r) => ({ 'aria-label': `Pilih ${r.name}` }) }}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Sari Nugroho' }));
    expect(onChange).toHaveBeenLastCalledWith(['b'], [ROWS[1]], { type: 'single' });
    rerender(
      <ResponsiveTable<Row>
        aria-label="Pembeli" rowKey="id" columns={COLUMNS} dataSource={ROWS} pagination={false}
        rowSelection={{ selectedRowKeys: ['b'], onChange, getCheckboxProps: (r) => ({ 'aria-label': `Pilih ${r.name}` }) }}
      />,
    );
    expect((screen.getByRole('checkbox', { name: 'Pilih Sari Nugroho' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Yoga Lestari' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b'], ROWS, { type: 'single' });
  });

  it('shows the empty text in place of cards', () => {
    viewport(375);
    render(<ResponsiveTable<Row> aria-label="Riwayat" rowKey="id" columns={COLUMNS} dataSource={[]} locale={{ emptyText: 'No Data' }} />);
    screen.getByText('No Data');
  });

  it('above 576 px is a table whose sideways scroll area the keyboard can reach', () => {
    viewport(1280);
    render(<ResponsiveTable<Row> aria-label="Riwayat Penjualan" rowKey="id" columns={COLUMNS} dataSource={ROWS} scroll={{ x: 'max-content' }} pagination={false} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const region = screen.getByRole('region', { name: 'Riwayat Penjualan' });
    expect(region.tabIndex).toBe(0);
    within(region).getByRole('table');
  });
});
