import { useState } from 'react';
import { Alert, Button, Card, Tag } from 'antd';
import { formatRupiah, WITHDRAWAL_STATUS_LABELS, type Withdrawal, type WithdrawalStatus } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useWithdrawals } from '../api/get-withdrawals';
import { PAYOUT_TEXT as T } from '../texts';
import { ReceiptModal } from './ReceiptModal';

const STATUS_COLOR: Record<WithdrawalStatus, string> = { unverified: 'blue', pending: 'gold', sent: 'green', failed: 'red', expired: 'default' };

/** Riwayat Penarikan, of one event (`eventId`) or of all of them (with the event's name). */
export function WithdrawalHistory({ eventId }: { eventId?: string }) {
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<string | null>(null);
  const list = useWithdrawals(page, eventId);
  const C = T.columns;

  const columns = [
    { key: 'date', title: C.date, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { key: 'reference', title: C.reference, dataIndex: 'referenceId' },
    ...(eventId ? [] : [{ key: 'event', title: C.event, render: (_: unknown, w: Withdrawal) => w.withdrawDetail.eventName }]),
    { key: 'amount', title: C.amount, dataIndex: 'amount', align: 'right' as const, render: (v: number) => formatRupiah(v) },
    { key: 'status', title: C.status, dataIndex: 'status', render: (v: WithdrawalStatus) => <Tag color={STATUS_COLOR[v]}>{WITHDRAWAL_STATUS_LABELS[v]}</Tag> },
    { key: 'sent', title: C.sentAt, render: (_: unknown, w: Withdrawal) => (w.withdrawDetail.sentAt ? formatDateTime(w.withdrawDetail.sentAt) : T.none) },
    {
      key: 'action', title: C.action,
      render: (_: unknown, w: Withdrawal) => (
        <Button type="link" size="small" onClick={() => setReceipt(w.referenceId)} aria-label={`${T.view} ${w.referenceId}`}>{T.view}</Button>
      ),
    },
  ];

  return (
    <Card title={T.historyTitle} className="payout-card">
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} className="payout-note" />}
      <ResponsiveTable<Withdrawal>
        aria-label={T.historyTitle} rowKey="_id" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isFetching}
        scroll={{ x: 'max-content' }} locale={{ emptyText: T.noData }}
        pagination={{ current: page, pageSize: list.data?.limit ?? 10, total: list.data?.totalDocs ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      <ReceiptModal transactionId={receipt} onClose={() => setReceipt(null)} />
    </Card>
  );
}
