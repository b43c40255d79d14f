import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { checkinCounters, eventSalesCounters, platformCounters } from '../db/schema/index.js';

// The counters of migration 0023, kept by triggers in the transactions that write the facts
// (registrants, transactions, the ledger): every reader of a count or a sum that grows with the
// facts reads these few rows instead. The consistency test recomputes them from the facts.

/** Seats held per ticket of an event by its current registrants (the sum of their quantity). */
export async function seatsByTicket(db: DbOrTx, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ ticketId: checkinCounters.ticketId, n: sql<number>`sum(${checkinCounters.seats})`.mapWith(Number) })
    .from(checkinCounters)
    .where(eq(checkinCounters.eventId, eventId))
    .groupBy(checkinCounters.ticketId);
  return new Map(rows.map((r) => [r.ticketId, r.n]));
}

/** An event's current registrants (not refunded): the participant list's unfiltered total. */
export async function registeredOfEvent(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${checkinCounters.registered}), 0)`.mapWith(Number) })
    .from(checkinCounters)
    .where(eq(checkinCounters.eventId, eventId));
  return row.n;
}

/** An event's confirmed sales (integer rupiah) and its coin account's balance. */
export async function eventSales(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({
      ticketsSold: sql<number>`coalesce(sum(${eventSalesCounters.ticketsSold}), 0)`.mapWith(Number),
      gross: sql<number>`coalesce(sum(${eventSalesCounters.gross}), 0)`.mapWith(Number),
      discount: sql<number>`coalesce(sum(${eventSalesCounters.discount}), 0)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${eventSalesCounters.amount}), 0)`.mapWith(Number),
      balance: sql<number>`coalesce(sum(${eventSalesCounters.balance}), 0)`.mapWith(Number),
    })
    .from(eventSalesCounters)
    .where(eq(eventSalesCounters.eventId, eventId));
  return row;
}

/** The balance of an event's coin account as a subquery (the event id an SQL expression of the outer query). */
export const balanceOfEvent = (eventId: SQL): SQL<number> =>
  sql<number>`(select coalesce(sum(c.balance), 0) from ${eventSalesCounters} c where c.event_id = ${eventId})`.mapWith(Number);

/** The platform's totals: current registrants, confirmed tickets and sales, live draft and published events. */
export async function platformTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      participants: sql<number>`coalesce(sum(${platformCounters.participants}), 0)`.mapWith(Number),
      ticketsSold: sql<number>`coalesce(sum(${platformCounters.ticketsSold}), 0)`.mapWith(Number),
      sales: sql<number>`coalesce(sum(${platformCounters.sales}), 0)`.mapWith(Number),
      eventsDraft: sql<number>`coalesce(sum(${platformCounters.eventsDraft}), 0)`.mapWith(Number),
      eventsPublished: sql<number>`coalesce(sum(${platformCounters.eventsPublished}), 0)`.mapWith(Number),
    })
    .from(platformCounters);
  return row;
}
