import { Alert, Card, Empty, Spin, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TRACKING_LINK_TEXT as T, type TrackingLinkInsight } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { errorText } from '../../../../lib/api-client';
import { useLinkInsight } from '../api/get-link-insight';

const number = new Intl.NumberFormat('id-ID');
const count = (n: number) => number.format(n);

const columns: TableColumnType<TrackingLinkInsight>[] = [
  {
    key: 'name', title: T.name, dataIndex: 'name',
    render: (name: string, link) => <span className="insight-link-name">{name} <Typography.Text code>{link.code}</Typography.Text></span>,
  },
  { key: 'visits', title: T.visits, dataIndex: 'visits', align: 'right', render: count },
  { key: 'registrations', title: T.registrations, dataIndex: 'registrations', align: 'right', render: count },
  { key: 'checkIns', title: T.checkIns, dataIndex: 'checkIns', align: 'right', render: count },
];

/**
 * Per tracking link: visitors of the event page who came through it (once a day each),
 * registrations through it that hold a seat, and their check-ins, as a table and a bar chart.
 */
export function TrackingLinksCard({ eventId }: { eventId: string }) {
  const q = useLinkInsight(eventId);
  const rows = q.data ?? [];
  // A chart for a phone too: one group of bars per link, labelled by its code (short and unique).
  const height = Math.max(200, rows.length * 56 + 60);
  return (
    <Card title={T.insightTitle} className="insight-card">
      {q.error ? <Alert type="error" showIcon title={errorText(q.error)} />
        : q.isPending ? <Spin className="overview-spin" />
          : rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.insightEmpty} />
            : (
              <div className="insight-links">
                <ResponsiveTable<TrackingLinkInsight> aria-label={T.insightTitle} rowKey="code" columns={columns} dataSource={rows} pagination={false} />
                <div className="insight-chart" role="img" aria-label={`${T.chartLabel}: ${rows.map((r) => `${r.code} ${r.visits}/${r.registrations}/${r.checkIns}`).join(', ')}`}>
                  <ResponsiveContainer width="100%" height={height}>
                    <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                      <XAxis type="number" allowDecimals={false} tickLine={false} />
                      <YAxis type="category" dataKey="code" width={96} tickLine={false} />
                      <Tooltip />
                      <Legend />
                      <Bar dataKey="visits" name={T.visits} fill="#5b3cc4" isAnimationActive={false} />
                      <Bar dataKey="registrations" name={T.registrations} fill="#e56b9f" isAnimationActive={false} />
                      <Bar dataKey="checkIns" name={T.checkIns} fill="#2bb3a3" isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
              </div>
            )}
    </Card>
  );
}
