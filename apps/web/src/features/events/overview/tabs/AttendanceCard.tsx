import { useState } from 'react';
import { Alert, Card, Empty, Progress, Spin } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { attendancePercent, fill, formatCount, INSIGHT_TEXT as T } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import { useAttendance } from '../api/get-attendance';
import { attendanceBars } from '../attendance-bars';

const A = T.attendance;
/** The chart's width less its margins and value axis: the plot's. */
const AXIS_AND_MARGINS = 60;
/** The chart's width until it is measured (its ResizeObserver's first call): a phone's card. */
const FIRST_WIDTH = 300;

/**
 * Attendance in the Insight tab: who of the current registrants checked in, and the
 * check-ins per WIB hour over the event's day(s), as columns (recharts, like the other charts).
 */
export function AttendanceCard({ eventId }: { eventId: string }) {
  const q = useAttendance(eventId);
  const [width, setWidth] = useState(FIRST_WIDTH);
  if (q.error) return <Card title={A.title} className="insight-card"><Alert type="error" showIcon message={errorText(q.error)} /></Card>;
  if (q.isPending) return <Card title={A.title} className="insight-card"><Spin className="overview-spin" /></Card>;
  const { registered, checkedIn, byHour } = q.data;
  const percent = attendancePercent(checkedIn, registered);
  const total = byHour.reduce((sum, h) => sum + h.count, 0);
  const slots = attendanceBars(byHour, width - AXIS_AND_MARGINS);
  return (
    <Card title={A.title} className="insight-card">
      <div className="insight-attendance-count">
        <strong>{fill(A.count, { checkedIn: formatCount(checkedIn), registered: formatCount(registered), percent })}</strong>
        {/* The line above says it in words; the bar repeats it for the eye only. */}
        <Progress percent={percent} showInfo={false} aria-hidden />
      </div>
      {total === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={A.empty} />
        : (
          <>
            <div className="insight-attendance-caption">{A.byHour}</div>
            <div className="insight-chart" role="img" aria-label={fill(T.chartLabel, { title: A.byHour, from: byHour[0].day, to: byHour[byHour.length - 1].day, total })}>
              <ResponsiveContainer width="100%" height={320} onResize={(w) => setWidth(w)}>
                <BarChart data={slots} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  {/* Every bar's label is decided by attendanceBars (none left to the axis to thin out), angled to fit a phone. */}
                  <XAxis dataKey="slot" interval={0} tickLine={false} tickFormatter={(_v, i) => slots[i]?.tick ?? ''} angle={-40} textAnchor="end" height={64} tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} tickLine={false} />
                  <Tooltip formatter={(v) => [v, A.tooltip]} labelFormatter={(_l, payload) => (payload[0]?.payload as { label?: string } | undefined)?.label ?? ''} />
                  <Bar dataKey="count" fill="#5b3cc4" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </>
        )}
    </Card>
  );
}
