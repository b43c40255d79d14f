import { Alert, Card, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { formatCount, formatRupiah, SALES_TEXT as T } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { errorText } from '../../../../lib/api-client';
import type { EventDetail } from '../../../../lib/event-detail';
import { useSalesSummary, type SummaryTicket } from '../api/get-sales';
import { priceLabel } from '../../wizard/tickets/ticket-summary';
import { SalesHistoryTable } from '../components/SalesHistoryTable';

const limited = (t: SummaryTicket) => t.originalQuotaType === 'limited';

/** Sales summary, ticket types and the sales history (spec section 2, Ticket). */
export function TicketTab({ event }: { event: EventDetail }) {
  const summary = useSalesSummary(event.id);
  const s = summary.data;
  const C = T.typeColumns;
  const columns = [
    { key: 'name', title: C.name, render: (_: unknown, t: SummaryTicket) => <Link to={`/ticket/history/${event.id}/${t.id}`}>{t.name}</Link> },
    { key: 'price', title: C.price, align: 'right' as const, render: (_: unknown, t: SummaryTicket) => priceLabel(t) },
    { key: 'quota', title: C.quota, align: 'right' as const, render: (_: unknown, t: SummaryTicket) => (limited(t) ? formatCount(t.originalQuota) : T.unlimited) },
    { key: 'remaining', title: C.remaining, align: 'right' as const, render: (_: unknown, t: SummaryTicket) => (limited(t) ? formatCount(Math.max(t.quota, 0)) : T.unlimited) },
    { key: 'sold', title: C.sold, align: 'right' as const, dataIndex: 'ticketCount', render: (v: number) => formatCount(v) },
    { key: 'status', title: C.status, dataIndex: 'status', render: (v: SummaryTicket['status']) => <Tag color={v === 'Sold Out' ? 'red' : 'green'}>{v}</Tag> },
  ];

  return (
    <div className="sales">
      <Card title={T.summary} className="sales-card">
        {summary.error ? <Alert type="error" showIcon message={errorText(summary.error)} /> : (
          <div className="sales-stats" aria-busy={summary.isPending}>
            <Statistic title={T.ticketCount} value={s ? formatCount(s.ticketCount) : '-'} />
            <Statistic title={T.gross} value={s ? formatRupiah(s.grossCoinAmount) : '-'} />
            <Statistic title={T.discounted} value={s ? formatRupiah(s.discountedCoinAmount) : '-'} />
            <Statistic title={T.net} value={s ? formatRupiah(s.coinAmount) : '-'} />
          </div>
        )}
      </Card>
      <Card title={T.types} className="sales-card">
        <ResponsiveTable<SummaryTicket>
          aria-label={T.types} rowKey="id" columns={columns} dataSource={s?.event.tickets ?? []} loading={summary.isPending}
          pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: T.noData }}
        />
      </Card>
      <Card className="sales-card">
        <SalesHistoryTable eventId={event.id} />
      </Card>
    </div>
  );
}
