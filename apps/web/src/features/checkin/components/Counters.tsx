import { CHECKIN_TEXT as T, fill } from '@eo/contract';
import type { CheckinSummary } from '../api/checkins';

const share = (checkedIn: number, registered: number) => `${registered ? Math.min(100, (checkedIn / registered) * 100) : 0}%`;

/** Checked in over registered, overall (and in the door's session, if any) and per ticket category. */
export function Counters({ summary, sessionId }: { summary: CheckinSummary | undefined; sessionId?: string }) {
  if (!summary) return null;
  const session = sessionId ? summary.sessions.find((s) => s.id === sessionId) : undefined;
  return (
    <section className="checkin-card" aria-label={T.perTicket}>
      {session && (
        <>
          <p className="checkin-count">{fill(T.sessionCount, { checkedIn: session.checkedIn, registered: summary.registered })}</p>
          <div className="checkin-bar" aria-hidden><span style={{ width: share(session.checkedIn, summary.registered) }} /></div>
        </>
      )}
      <p className="checkin-count">{fill(T.counters, { checkedIn: summary.checkedIn, registered: summary.registered })}</p>
      <div className="checkin-bar" aria-hidden><span style={{ width: share(summary.checkedIn, summary.registered) }} /></div>
      {summary.byTicket.length > 0 && (
        <ul className="checkin-tickets">
          {summary.byTicket.map((t) => (
            <li key={t.ticketId}>
              <span className="checkin-ticket-name">{t.name}</span>
              <span>{fill(T.ticketCount, { checkedIn: t.checkedIn, registered: t.registered })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
