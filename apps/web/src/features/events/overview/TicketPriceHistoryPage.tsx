import { Alert, Breadcrumb, Card, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { EVENT_NAME_BREADCRUMB_MAX, formatRupiah, SALES_TEXT as T, OVERVIEW_TEXT as O } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useEventDetail } from '../../../lib/event-detail';
import { cutText } from '../event-text';
import { usePriceHistory, type PriceChange } from './api/get-sales';
import { SalesHistoryTable } from './components/SalesHistoryTable';
import './overview.css';

/** `/ticket/history/{eventId}/{ticketId}`: a ticket's price changes and its own sales. */
export function TicketPriceHistoryPage() {
  const { eventId = '', ticketId = '' } = useParams();
  const event = useEventDetail(eventId);
  const history = usePriceHistory(eventId, ticketId);
  const ticket = (event.data?.tickets ?? []).find((t: { id: string }) => t.id === ticketId) as { name: string } | undefined;
  const C = T.priceColumns;
  const overview = `/event/active/overview/${eventId}?tab=ticket`;
  // Names in the breadcrumb are cut at 50 characters (spec section 9); the card shows the ticket's in full.
  const crumb = (name: string | null | undefined) => (name ? cutText(name, EVENT_NAME_BREADCRUMB_MAX) : '…');

  return (
    <div className="overview-page">
      <Breadcrumb
        aria-label="breadcrumb"
        items={[
          { title: <Link to="/event">{O.root}</Link> },
          { title: <Link to={overview}>{crumb(event.data?.name)}</Link> },
          { title: crumb(ticket?.name) },
        ]}
      />
      <header className="overview-head">
        <Typography.Title level={1} className="overview-title">{T.priceHistory}</Typography.Title>
      </header>
      <Card className="sales-card" title={ticket?.name}>
        {history.error && <Alert type="error" showIcon message={errorText(history.error)} />}
        <ResponsiveTable<PriceChange>
          aria-label={T.priceHistory} rowKey={(r) => `${r.createdAt}-${r.newPrice}`} dataSource={history.data ?? []} loading={history.isPending} pagination={false}
          locale={{ emptyText: T.noPriceChange }}
          columns={[
            { key: 'time', title: C.time, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { key: 'old', title: C.oldPrice, dataIndex: 'oldPrice', align: 'right', render: (v: number) => formatRupiah(v) },
            { key: 'new', title: C.newPrice, dataIndex: 'newPrice', align: 'right', render: (v: number) => formatRupiah(v) },
          ]}
        />
      </Card>
      <Card className="sales-card">
        <SalesHistoryTable eventId={eventId} ticketId={ticketId} title={T.detail} />
      </Card>
    </div>
  );
}
