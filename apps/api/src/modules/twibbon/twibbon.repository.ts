import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { publishedEvents } from '../../lib/access.repository.js';
import { dailySlot, eventDailyMetrics, events, eventTwibbons } from '../../db/schema/index.js';

/**
 * The twibbon of a published (not draft), approved, not deleted event by its key, in any
 * letter case (the key's unique index is on lower(custom_key)). Undefined for anything else.
 */
export async function findPublicTwibbon(db: DbOrTx, customKey: string) {
  const [row] = await publicTwibbonOfKey(db, { customKey });
  return row;
}

// The maker page and its API on every open: built once (see preparedQuery).
const publicTwibbonOfKey = preparedQuery('twibbon_public_of_key', (db) => db
  .select({
    customKey: eventTwibbons.customKey, templateUrl: eventTwibbons.templateUrl, posterUrl: eventTwibbons.posterUrl,
    caption: eventTwibbons.caption, guide: eventTwibbons.guide, eventId: events.id, eventName: events.name,
  })
  .from(eventTwibbons)
  .innerJoin(events, eq(events.id, eventTwibbons.eventId))
  .where(and(
    sql`lower(${eventTwibbons.customKey}) = lower(${sql.placeholder('customKey')})`,
    publishedEvents,
  ))
  .limit(1));

/** Whether the event has a twibbon with a key and a frame (what the maker page needs). */
export async function hasTwibbon(db: DbOrTx, eventId: string) {
  const row = await db.query.eventTwibbons.findFirst({ columns: { customKey: true, templateUrl: true }, where: eq(eventTwibbons.eventId, eventId) });
  return Boolean(row?.customKey && row.templateUrl);
}

/**
 * One download on one WIB day: a single upsert whose increment runs in the database, so
 * concurrent downloads each add one (the conflicting insert waits for the row lock, then adds).
 */
export async function countDownload(db: DbOrTx, eventId: string, day: string) {
  await db
    .insert(eventDailyMetrics)
    .values({ eventId, day, slot: dailySlot(), twibbonDownloads: 1 })
    .onConflictDoUpdate({
      target: [eventDailyMetrics.eventId, eventDailyMetrics.day, eventDailyMetrics.slot],
      set: { twibbonDownloads: sql`${eventDailyMetrics.twibbonDownloads} + 1` },
    });
}
