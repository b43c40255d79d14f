import { eventSpan as spanOf, wibInstant } from '@eo/contract';
import type { TicketDate } from '../../db/schema/index.js';

/** When an event starts and ends, from its tickets' dates (the contract's eventSpan, which sessions are held to). */
export function eventSpan(ticketDates: TicketDate[][]): { firstEventAt: Date | null; lastEventAt: Date | null } {
  const span = spanOf(ticketDates);
  return span ? { firstEventAt: new Date(span.start), lastEventAt: new Date(span.end) } : { firstEventAt: null, lastEventAt: null };
}

export function deadlineInstant(deadline: { date: string; hour: string | null } | null | undefined): Date | null {
  return deadline?.date ? wibInstant(deadline.date, deadline.hour || '23:59') : null;
}
