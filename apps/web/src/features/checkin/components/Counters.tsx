import { CHECKIN_TEXT as T, fill } from '@eo/contract';
import type { CheckinSummary } from '../api/checkins';

const share = (checkedIn: number, registered: number) => `${registered ? Math.min(100, (checkedIn / registered) * 100) : 0}%`;

/** Checked in over registered, overall and per ticket category. */
export function Counters({ summary }: { summary: CheckinSummary | undefined }) {
  if (!summary) return null;
  return (
    <section className="checkin-card" aria-label={T.perTicket}>
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
