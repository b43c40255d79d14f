import { Alert, Card, Empty, Select, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { fill, SESSION_ATTENDANCE_TEXT as T } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import type { EventDetail } from '../../../../lib/event-detail';
import { readAttendanceParams, writeAttendanceParams, type AttendanceParams } from './attendance-params';
import { AttendanceExport } from './AttendanceExport';
import { AttendeeTable } from './AttendeeTable';
import { useSessionAttendance } from './get-session-attendance';
import { SessionCounts } from './SessionCounts';
import './session-attendance.css';

/**
 * Kehadiran: each session's attendance, then the participants with the sessions each attended,
 * filtered by how many they attended (kept in the URL) and downloadable as XLSX or CSV.
 */
export function SessionAttendanceTab({ event }: { event: EventDetail }) {
  const [search, setSearch] = useSearchParams();
  const params = readAttendanceParams(search, event.sessions.length);
  const update = (next: Partial<AttendanceParams>) => setSearch((prev) => writeAttendanceParams(prev, { ...params, ...next }));
  const list = useSessionAttendance(event.id, params);
  // The first page unfiltered: its total is the confirmed participants (the same request as the table's by default).
  const everyone = useSessionAttendance(event.id, { page: 1, minSessions: 0 });
  const data = list.data;
  const nobody = data !== undefined && data.sessions.every((s) => s.attended === 0);
  const options = Array.from({ length: event.sessions.length + 1 }, (_, n) => ({ value: n, label: n === 0 ? T.everyone : fill(T.atLeast, { n }) }));

  return (
    <Card className="session-attendance">
      <Typography.Title level={3} className="session-attendance-title">{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {list.isPending && <Spin />}
      {list.error && <Alert type="error" showIcon title={T.loadFailed} description={errorText(list.error)} />}
      {data && <SessionCounts sessions={data.sessions} confirmed={everyone.data?.totalDocs ?? null} />}
      {nobody && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><strong>{T.empty}</strong><br />{T.emptyHelp}</>} />}
      {data && !nobody && (
        <section className="session-attendance-people" aria-labelledby="session-attendance-people">
          <Typography.Title level={4} id="session-attendance-people">{T.participants}</Typography.Title>
          <div className="session-attendance-toolbar">
            <Select<number>
              aria-label={T.minSessions} value={params.minSessions} options={options} className="session-attendance-filter"
              onChange={(minSessions) => update({ minSessions, page: 1 })}
            />
            <AttendanceExport eventId={event.id} minSessions={params.minSessions} />
          </div>
          <AttendeeTable data={data} sessions={data.sessions} minSessions={params.minSessions} loading={list.isFetching} onPage={(page) => update({ page })} />
        </section>
      )}
    </Card>
  );
}
