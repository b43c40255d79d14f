import { and, between, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventDailyMetrics, registrants } from '../../db/schema/index.js';

export type DailyMetric = 'views' | 'saves' | 'registrants' | 'twibbonDownloads';

/**
 * One metric per WIB day from the per-day aggregate: a range scan of its primary key
 * (event_id, day), so a 10-day window reads at most 10 rows however many facts were counted.
 * Days without a row are absent (the service fills them with zero).
 */
export async function dailyCounts(db: DbOrTx, eventId: string, fromDay: string, toDay: string, metric: DailyMetric) {
  const rows = await db
    .select({ day: eventDailyMetrics.day, n: eventDailyMetrics[metric] })
    .from(eventDailyMetrics)
    .where(and(eq(eventDailyMetrics.eventId, eventId), between(eventDailyMetrics.day, fromDay, toDay)));
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Current registrants (refunded ones excluded) of an event, counted by one profile column; null for "not given". */
export async function registrantsBy(db: DbOrTx, eventId: string, column: 'lastEducation' | 'gender') {
  const key = registrants[column];
  return db
    .select({ key, n: sql<number>`count(*)::int` })
    .from(registrants)
    .where(and(eq(registrants.eventId, eventId), isNull(registrants.cancelledAt)))
    .groupBy(key);
}
