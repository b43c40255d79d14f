import { Typography } from 'antd';
import { fill, SESSION_ATTENDANCE_TEXT as T } from '@eo/contract';
import { sessionWhen } from '../session-when';
import type { AttendedSession } from './get-session-attendance';

/**
 * Each session in start order: its name, WIB day and hours, and how many attended, with a bar
 * against the confirmed participants (`confirmed`), or against the most attended session while
 * their number is not known. The bar only draws what the text beside it says.
 */
export function SessionCounts({ sessions, confirmed }: { sessions: AttendedSession[]; confirmed: number | null }) {
  const whole = confirmed ?? Math.max(1, ...sessions.map((s) => s.attended));
  return (
    <section className="session-attendance-counts" aria-labelledby="session-attendance-sessions">
      <Typography.Title level={4} id="session-attendance-sessions">{T.sessions}</Typography.Title>
      <ol className="session-attendance-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-attendance-session">
            <strong className="session-attendance-name">{s.name}</strong>
            <span className="session-attendance-when">{sessionWhen(s)}</span>
            <span className="session-attendance-figure">
              <span className="session-attendance-track" aria-hidden>
                <span className="session-attendance-bar" style={{ width: `${whole ? Math.min(100, (100 * s.attended) / whole) : 0}%` }} />
              </span>
              <span className="session-attendance-count">
                {confirmed === null
                  ? fill(T.attended, { n: s.attended })
                  : fill(T.attendedOf, { n: s.attended, total: confirmed, rate: confirmed ? Math.round((100 * s.attended) / confirmed) : 0 })}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
