import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';

/**
 * Per-event, per-WIB-day counters, updated in the same transaction as the fact they count,
 * so an insight window reads at most 10 rows per metric however many facts there are.
 */
export const eventDailyMetrics = pgTable(
  'event_daily_metrics',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    registrants: integer('registrants').notNull().default(0),
    /** Downloads of the public twibbon maker (`/t/{customKey}`), one per made picture. */
    twibbonDownloads: integer('twibbon_downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);

/** Who saved an event (saving twice counts once). */
export const eventSaves = pgTable(
  'event_saves',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userRef: text('user_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userRef] }), index('event_saves_created_idx').on(t.eventId, t.createdAt)],
);
