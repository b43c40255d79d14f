import { SESSION_MSG } from './messages-sessions.js';
import type { SessionInput } from './schemas/event.js';
import type { TicketInput } from './schemas/event-ticket.js';
import { wibInstant } from './time.js';

type TicketDateInput = TicketInput['dates'][number];

/**
 * When an event starts and ends, from its tickets' dates (WIB): the first date's start hour (or
 * midnight) and the last date's end hour (or the end of that day); null while no date is set.
 * The API stores these as the event's `firstEventAt` and `lastEventAt`.
 */
export function eventSpan(ticketDates: readonly (readonly TicketDateInput[])[]): { start: number; end: number } | null {
  const all = ticketDates.flat().filter((d) => d.date);
  if (all.length === 0) return null;
  const starts = all.map((d) => wibInstant(d.date, d.startHour || '00:00').getTime());
  const ends = all.map((d) => (d.endHour ? wibInstant(d.date, d.endHour).getTime() : wibInstant(d.date, '23:59').getTime() + 59_999));
  return { start: Math.min(...starts), end: Math.max(...ends) };
}

/**
 * The rules of an event's sessions that hold on every save: each ends after it starts, lies
 * inside the event's dates (once there are dates), and has a name of its own in the event.
 */
export function sessionIssues(sessions: readonly SessionInput[], tickets: readonly Pick<TicketInput, 'dates'>[]) {
  const out: { path: string; message: string }[] = [];
  const span = eventSpan(tickets.map((t) => t.dates));
  const names = new Set<string>();
  sessions.forEach((s, i) => {
    const path = `sessions.${i}`;
    const start = Date.parse(s.startsAt);
    const end = Date.parse(s.endsAt);
    if (end <= start) out.push({ path: `${path}.endsAt`, message: SESSION_MSG.endBeforeStart });
    else if (span && (start < span.start || end > span.end)) out.push({ path: `${path}.startsAt`, message: SESSION_MSG.outsideEvent });
    const name = s.name.trim().toLowerCase();
    if (names.has(name)) out.push({ path: `${path}.name`, message: SESSION_MSG.duplicateName });
    names.add(name);
  });
  return out;
}
