import { and, eq, gte, isNull, lt, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { MESSAGE_ATTENDANCE, type MessageAudience } from '@eo/contract';
import { preparedQuery, preparedSql } from '../db/prepared-sql.js';
import {
  eventAudienceCounters, eventBreakdownCounters, eventEndDayCounters, eventSalesCounters, events, platformCounters,
} from '../db/schema/index.js';

// The counters of migrations 0023 and 0025, kept by triggers in the transactions that write the facts
// (registrants, transactions, the ledger): every reader of a count or a sum that grows with the
// facts reads these few rows instead. The consistency test recomputes them from the facts.

/** A counter column summed over its rows (deltas until compacted; none: 0). */
export const summed = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The platform's live published events whose last date has passed (migration 0034): the days
 * before today's (UTC) from their counters, today's off events_published_last_idx. Placeholders
 * `now`, `today` and `dayStart`: values from passedAt(now).
 */
export const passedEventsOfPlatform = (): SQL<number> => sql<number>`(
  (select ${summed(eventEndDayCounters.published)} from ${eventEndDayCounters} where ${lt(eventEndDayCounters.day, sql.placeholder('today'))})
  + (select count(*) from ${events} where ${and(isNull(events.deletedAt), not(events.isDraft), gte(events.lastEventAt, sql.placeholder('dayStart')), lt(events.lastEventAt, sql.placeholder('now')))}))`.mapWith(Number);

/** The values of passedEventsOfPlatform's placeholders at `now`. */
export function passedAt(now: Date) {
  const today = now.toISOString().slice(0, 10);
  return { now: now.toISOString(), today, dayStart: `${today}T00:00:00.000Z` };
}

// These counter reads serve the overview, the sales tab, the public page and insight on every
// request: each is built once (see preparedQuery).
/**
 * An event's current registrants (refunded ones excluded) by one profile column, Insight's
 * education and gender groups; key null for "not given". Summed off the event's rows of the
 * breakdown counters (migration 0025), never a group-by over a 100,000-registrant event.
 */
export async function registrantsByProfile(db: DbOrTx, eventId: string, kind: 'education' | 'gender') {
  return breakdownCounters(db, { eventId, kind });
}

const breakdownCounters = preparedQuery('counters_breakdown_of_event', (db) => db
  .select({ key: eventBreakdownCounters.value, n: sql<number>`sum(${eventBreakdownCounters.registrants})::int`.mapWith(Number) })
  .from(eventBreakdownCounters)
  .where(and(eq(eventBreakdownCounters.eventId, sql.placeholder('eventId')), eq(eventBreakdownCounters.kind, sql.placeholder('kind'))))
  .groupBy(eventBreakdownCounters.value));

/**
 * A message audience of a whole event, one per email (lower-cased): its current registrants, those
 * with a registration checked in, or those with one not checked in (migration 0025). As a scalar
 * subquery, for a statement that picks it or another count.
 */
export function audienceOfEventSql(eventId: string | Placeholder, attendance: MessageAudience['attendance']): SQL<number> {
  const c = eventAudienceCounters;
  const column = attendance === 'checkedIn' ? c.checkedIn : attendance === 'notCheckedIn' ? c.notCheckedIn : c.people;
  return sql<number>`(select coalesce(sum(${column}), 0)::int from ${c} where ${c.eventId} = ${eventId}::uuid)`;
}

export async function audienceOfEvent(db: DbOrTx, eventId: string, attendance: MessageAudience['attendance']): Promise<number> {
  const [row] = await audienceCounted[attendance](db, { eventId });
  return Number(row?.n ?? 0);
}

// The compose screen's count, asked at each change of its audience: built once per attendance, planned once.
const audienceCounted = Object.fromEntries(MESSAGE_ATTENDANCE.map((a) => [a, preparedSql<{ n: number }>(
  `counters_audience_${a}`, () => sql`select ${audienceOfEventSql(sql.placeholder('eventId'), a)} as n`, 'generic',
)])) as Record<MessageAudience['attendance'], ReturnType<typeof preparedSql<{ n: number }>>>;

/** The balance of an event's coin account as a subquery (the event id an SQL expression of the outer query). */
export const balanceOfEvent = (eventId: SQL): SQL<number> =>
  sql<number>`(select coalesce(sum(c.balance), 0) from ${eventSalesCounters} c where c.event_id = ${eventId})`.mapWith(Number);

/**
 * balanceOfEvent as a lateral subquery of the outer query's rows (its column `balance`): summed
 * once per row where a statement both selects and filters or orders on it.
 */
export const balancesOfEvents = (db: DbOrTx, eventId: AnyPgColumn) => db
  .select({ balance: summed(eventSalesCounters.balance).as('balance') })
  .from(eventSalesCounters).where(eq(eventSalesCounters.eventId, eventId)).as('balances');

/** The platform's totals: current registrants, confirmed tickets and sales, live draft and published events. */
export async function platformTotals(db: DbOrTx) {
  const [row] = await platformCounted(db, {});
  return row;
}

const platformCounted = preparedQuery('counters_platform_totals', (db) => db
  .select({
    participants: summed(platformCounters.participants),
    ticketsSold: summed(platformCounters.ticketsSold),
    sales: summed(platformCounters.sales),
    eventsDraft: summed(platformCounters.eventsDraft),
    eventsPublished: summed(platformCounters.eventsPublished),
  })
  .from(platformCounters));
