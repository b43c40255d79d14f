import { useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText } from '../../../../lib/api-client';
import { useBreakdown, useSeries, type Breakdown, type Series } from '../api/get-insight';
import { insightWindow } from '../insight-window';
import { AttendanceCard } from './AttendanceCard';
import { TrackingLinksCard } from './TrackingLinksCard';
import { fill, INSIGHT_TEXT as T } from '@eo/contract';

const COLORS = ['#5b3cc4', '#e56b9f', '#2bb3a3', '#f5a623', '#4a90e2', '#9b9b9b', '#7ed321'];
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

function NoData() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noData} />;
}

function SeriesChart({ eventId, hasTwibbon }: { eventId: string; hasTwibbon: boolean }) {
  const [series, setSeries] = useState<Series>('views');
  const [offset, setOffset] = useState(0);
  const { from, to } = insightWindow(offset);
  const q = useSeries(series, eventId, from, to);
  const points = q.data ?? [];
  const empty = points.every((p) => p.count === 0);
  return (
    <Card className="insight-card">
      <div className="insight-toolbar">
        <Segmented<Series>
          value={series} onChange={setSeries} aria-label={T.series}
          options={[
            { value: 'views', label: T.views }, { value: 'saved', label: T.saved }, { value: 'registrants', label: T.registrants },
            // Downloads of the public maker, beside Views: only for an event with a twibbon.
            ...(hasTwibbon ? [{ value: 'twibbon' as const, label: T.twibbon }] : []),
          ]}
        />
        <div className="insight-window">
          <Button icon={<LeftOutlined />} aria-label={T.prev} onClick={() => setOffset(offset + 1)} />
          <span aria-live="polite">{`${shortDay(from)} – ${shortDay(to)}`}</span>
          <Button icon={<RightOutlined />} aria-label={T.next} onClick={() => setOffset(offset - 1)} disabled={offset === 0} />
        </div>
      </div>
      {q.error ? <Alert type="error" showIcon message={errorText(q.error)} />
        : q.isPending ? <Spin className="overview-spin" />
          : empty ? <NoData />
            : (
              <div className="insight-chart" role="img" aria-label={fill(T.chartLabel, { title: T.titles[series], from, to, total: points.reduce((sum, p) => sum + p.count, 0) })}>
                <ResponsiveContainer width="100%" height={280}>
                  <LineChart data={points.map((p) => ({ day: shortDay(p.time), count: p.count }))} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="day" tickLine={false} />
                    <YAxis allowDecimals={false} tickLine={false} />
                    <Tooltip formatter={(v) => [v, T.titles[series]]} />
                    <Line type="monotone" dataKey="count" stroke="#5b3cc4" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            )}
    </Card>
  );
}

function BreakdownPie({ eventId, kind }: { eventId: string; kind: Breakdown }) {
  const q = useBreakdown(kind, eventId);
  const rows = (q.data ?? []).filter((r) => r.count > 0);
  return (
    <Card title={T.pies[kind]} className="insight-card">
      {q.error ? <Alert type="error" showIcon message={errorText(q.error)} />
        : q.isPending ? <Spin className="overview-spin" />
          : rows.length === 0 ? <NoData />
            : (
              <div role="img" aria-label={T.pies[kind]}>
                <ResponsiveContainer width="100%" height={260}>
                  <PieChart>
                    <Pie data={rows} dataKey="count" nameKey="label" outerRadius={90} isAnimationActive={false} label>
                      {rows.map((r, i) => <Cell key={r.label} fill={COLORS[i % COLORS.length]} />)}
                    </Pie>
                    <Tooltip />
                    <Legend />
                  </PieChart>
                </ResponsiveContainer>
              </div>
            )}
    </Card>
  );
}

/**
 * Views, saves and registrations per WIB day in a 10-day window, and the twibbon downloads when
 * the event has a twibbon; who came and when; who registered (spec section 2, Insight).
 */
export function InsightTab({ eventId, hasTwibbon = false }: { eventId: string; hasTwibbon?: boolean }) {
  return (
    <div className="insight">
      <SeriesChart eventId={eventId} hasTwibbon={hasTwibbon} />
      <AttendanceCard eventId={eventId} />
      <TrackingLinksCard eventId={eventId} />
      <div className="insight-pies">
        <BreakdownPie eventId={eventId} kind="education" />
        <BreakdownPie eventId={eventId} kind="gender" />
      </div>
    </div>
  );
}
