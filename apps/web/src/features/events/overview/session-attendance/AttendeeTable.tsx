import { CheckOutlined } from '@ant-design/icons';
import { fill, PAGE_SIZE, SESSION_ATTENDANCE_TEXT as T } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import type { AttendedSession, SessionAttendance, SessionAttendee } from './get-session-attendance';

/** A check mark or a dash, each read out as its word. */
function Mark({ present }: { present: boolean }) {
  return present ? (
    <span className="session-attendance-mark is-present"><CheckOutlined aria-hidden /><span className="overview-visually-hidden">{T.present}</span></span>
  ) : (
    <span className="session-attendance-mark"><span aria-hidden>–</span><span className="overview-visually-hidden">{T.absent}</span></span>
  );
}

interface Props {
  data: SessionAttendance | undefined;
  sessions: AttendedSession[];
  minSessions: number;
  loading: boolean;
  onPage: (page: number) => void;
}

/**
 * The participants by name, a column per session; on a phone, a card per participant with a
 * line per session, so nothing scrolls sideways.
 */
export function AttendeeTable({ data, sessions, minSessions, loading, onPage }: Props) {
  const columns = [
    { key: 'name', title: T.columns.name, dataIndex: 'name' },
    { key: 'email', title: T.columns.email, dataIndex: 'email' },
    { key: 'attended', title: T.columns.attended, render: (_: unknown, r: SessionAttendee) => fill(T.attendedCount, { n: r.sessionIds.length, total: sessions.length }) },
    ...sessions.map((s) => ({
      key: s.id, title: <span className="session-attendance-column">{s.name}</span>, align: 'center' as const,
      render: (_: unknown, r: SessionAttendee) => <Mark present={r.sessionIds.includes(s.id)} />,
    })),
  ];
  return (
    <ResponsiveTable<SessionAttendee>
      aria-label={T.participants} rowKey="registrantId" columns={columns} dataSource={data?.docs ?? []} loading={loading} scroll={{ x: 'max-content' }}
      locale={{ emptyText: minSessions > 0 ? fill(T.noMatch, { n: minSessions }) : T.noParticipants }}
      pagination={{ current: data?.page ?? 1, pageSize: PAGE_SIZE, total: data?.totalDocs ?? 0, onChange: onPage, showSizeChanger: false }}
    />
  );
}
