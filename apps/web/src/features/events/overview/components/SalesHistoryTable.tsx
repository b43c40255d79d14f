import { useState } from 'react';
import { Alert, Button, Tag, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { formatRupiah, PAGE_SIZE, SALES_EVENT_ADDRESS, SALES_TEXT as T, type SALES } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { endpointUrlAt } from '../../../../lib/api-call';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import { transactionFilters, useTransactions, type Transaction } from '../api/get-sales';
import { useDownload } from '../hooks/use-download';
import { useCan } from '../../../../lib/use-can';

/** Riwayat Penjualan: paged transactions with their invoices, and a DOWNLOAD of all of them. */
export function SalesHistoryTable({ eventId, ticketId, title = T.history }: { eventId: string; ticketId?: string; title?: string }) {
  const [page, setPage] = useState(1);
  const { busy, download: downloadExport } = useDownload<'csv'>();
  const mayExport = useCan('sales');
  const list = useTransactions(eventId, page, ticketId);

  const download = () =>
    downloadExport('csv', endpointUrlAt<typeof SALES.exportTransactions>(SALES_EVENT_ADDRESS.exportTransactions, { params: { id: eventId }, query: { format: 'csv', filters: transactionFilters(ticketId) } }), 'transactions.csv');

  const C = T.historyColumns;
  const columns = [
    {
      key: 'invoice', title: C.invoice, dataIndex: 'invoiceId',
      render: (v: string, t: Transaction) => <Typography.Link href={t.invoiceUrl} target="_blank" rel="noopener noreferrer"><FilePdfOutlined /> {v}</Typography.Link>,
    },
    { key: 'transaction', title: C.transaction, dataIndex: 'transactionId', render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 8)}</Typography.Text> },
    { key: 'date', title: C.date, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { key: 'buyer', title: C.buyer, render: (_: unknown, t: Transaction) => <div className="sales-buyer"><div>{t.user.name}</div><small>{t.user.email}</small></div> },
    ...(ticketId ? [] : [{ key: 'ticket', title: C.ticket, dataIndex: 'ticketName' }]),
    { key: 'amount', title: C.amount, dataIndex: 'amount', align: 'right' as const, render: (v: number) => formatRupiah(v) },
    { key: 'status', title: C.status, dataIndex: 'status', render: (v: Transaction['status']) => <Tag color={v === 'refund' ? 'red' : 'green'}>{T.status[v]}</Tag> },
    { key: 'discount', title: C.discount, dataIndex: 'discountCode', render: (v: string | null) => v || '-' },
  ];

  return (
    <section aria-label={title}>
      <div className="sales-head">
        <Typography.Title level={3}>{title}</Typography.Title>
        {mayExport && <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={download}>{T.download}</Button>}
      </div>
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
      {/* Laid out to the card's width (every column fits at 1280 px: long invoices, emails and
          dates wrap); narrower than that it scrolls, and at 576 px or less it is a card list. */}
      <ResponsiveTable<Transaction>
        aria-label={title} rowKey="transactionId" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isFetching}
        scroll={{ x: 860 }} locale={{ emptyText: T.noData }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.totalDocs ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </section>
  );
}
