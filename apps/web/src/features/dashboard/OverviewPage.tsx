import { Alert, Col, Row, Typography } from 'antd';
import {
  CalendarOutlined, DollarOutlined, EditOutlined, HistoryOutlined, TagsOutlined, TeamOutlined,
} from '@ant-design/icons';
import { formatCount, formatRupiah, DASHBOARD_TEXT as T } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { getUser } from '../../lib/session-store';
import { useEoSummary } from './api/get-eo-summary';
import { useEventTotal } from './api/get-event-total';
import { useCan } from '../../lib/use-can';
import { StatCard } from './components/StatCard';
import { UploadBanner } from './components/UploadBanner';
import './overview.css';

export function OverviewPage() {
  const user = getUser();
  const totals = useEventTotal();
  // Participants, tickets and sales come from the sales summary: shown to roles that may read sales.
  const maySeeSales = useCan('sales');
  const summary = useEoSummary(maySeeSales);
  const error = totals.error ?? summary.error;
  const count = (n: number | undefined) => (n === undefined ? undefined : formatCount(n));

  const cards = [
    { title: T.cards.active, value: count(totals.data?.active), icon: <CalendarOutlined />, color: '#5b3cc4', to: '/event', loading: totals.isPending },
    { title: T.cards.draft, value: count(totals.data?.draft), icon: <EditOutlined />, color: '#d48806', to: '/event/draft', loading: totals.isPending },
    { title: T.cards.history, value: count(totals.data?.passed), icon: <HistoryOutlined />, color: '#08979c', to: '/event/history', loading: totals.isPending },
    { title: T.cards.participants, value: count(summary.data?.totalParticipant), icon: <TeamOutlined />, color: '#1677ff', loading: summary.isPending },
    { title: T.cards.tickets, value: count(summary.data?.totalTicket), icon: <TagsOutlined />, color: '#c41d7f', loading: summary.isPending },
    { title: T.cards.sales, value: summary.data ? formatRupiah(summary.data.totalSales) : undefined, icon: <DollarOutlined />, color: '#389e0d', loading: summary.isPending },
  ].filter((c) => maySeeSales || c.to);

  return (
    <div className="overview">
      <header className="overview-greeting">
        <Typography.Title level={1}>{T.greeting(user?.profile.name ?? '')}</Typography.Title>
        <Typography.Text type="secondary">{T.greetingSub}</Typography.Text>
      </header>
      <UploadBanner />
      {error && <Alert type="error" showIcon message={errorText(error)} className="overview-error" />}
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.title} xs={24} sm={12} xl={8}>
            <StatCard {...c} linkText={c.to ? T.seeAll : undefined} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
