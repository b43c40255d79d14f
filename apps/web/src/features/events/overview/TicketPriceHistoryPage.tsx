import { Alert, Breadcrumb, Card, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatRupiah } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useEventDetail } from '../api/get-event-detail';
import { usePriceHistory, type PriceChange } from './api/get-sales';
import { SalesHistoryTable } from './components/SalesHistoryTable';
import { SALES_TEXT as T } from './sales-texts';
import { OVERVIEW_TEXT as O } from './texts';
import './overview.css';

/** `/ticket/history/{eventId}/{ticketId}`: a ticket's price changes and its own sales. */
export function TicketPriceHistoryPage() {
  const { eventId = '', ticketId = '' } = useParams();
  const event = useEventDetail(eventId);
  const history = usePriceHistory(eventId, ticketId);
  const ticket = (event.data?.tickets ?? []).find((t: { id: string }) => t.id === ticketId) as { name: string } | undefined;
  const C = T.priceColumns;
  const overview = `/event/active/overview/${eventId}?tab=ticket`;

  return (
    <div className="overview-page">
      <Breadcrumb
        aria-label="breadcrumb"
        items={[
          { title: <Link to="/event">{O.root}</Link> },
          { title: <Link to={overview}>{event.data?.name ?? '…'}</Link> },
          { title: ticket?.name ?? '…' },
        ]}
      />
      <Typography.Title level={1} className="overview-title">{T.priceHistory}</Typography.Title>
      <Card className="sales-card" title={ticket?.name}>
        {history.error && <Alert type="error" showIcon message={errorText(history.error)} />}
        <Table<PriceChange>
          rowKey={(r) => `${r.createdAt}-${r.newPrice}`} dataSource={history.data ?? []} loading={history.isPending} pagination={false}
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
