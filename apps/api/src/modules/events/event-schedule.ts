import { wibInstant } from '@eo/contract';
import type { TicketDate } from '../../db/schema/index.js';

/**
 * When an event starts and ends, from its tickets' dates (WIB): the first date's start hour
 * (or midnight) and the last date's end hour (or the end of that day).
 */
export function eventSpan(ticketDates: TicketDate[][]): { firstEventAt: Date | null; lastEventAt: Date | null } {
  const all = ticketDates.flat().filter((d) => d.date);
  if (all.length === 0) return { firstEventAt: null, lastEventAt: null };
  const starts = all.map((d) => wibInstant(d.date, d.startHour || '00:00').getTime());
  const ends = all.map((d) =>
    d.endHour ? wibInstant(d.date, d.endHour).getTime() : wibInstant(d.date, '23:59').getTime() + 59_999,
  );
  return { firstEventAt: new Date(Math.min(...starts)), lastEventAt: new Date(Math.max(...ends)) };
}

export function deadlineInstant(deadline: { date: string; hour: string | null } | null | undefined): Date | null {
  return deadline?.date ? wibInstant(deadline.date, deadline.hour || '23:59') : null;
}
