import { sql, type SQL } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { organizations } from './organizations.js';

/**
 * Per-event, per-WIB-day counters, updated in the same transaction as the fact they count,
 * so an insight window reads a few rows per day however many facts there are. Each write adds
 * to one of DAILY_SLOTS rows of its day (`dailySlot()`, at random), so a rush of registrations or
 * page views does not queue on one row; a reader sums a day's rows.
 */
export const eventDailyMetrics = pgTable(
  'event_daily_metrics',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull().default(0),
    views: integer('views').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    registrants: integer('registrants').notNull().default(0),
    /** Downloads of the public twibbon maker (`/t/{customKey}`), one per made picture. */
    twibbonDownloads: integer('twibbon_downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.slot] })],
);

export const DAILY_SLOTS = 8;
/** The row of its day a write adds to, picked at random (SQL). */
export const dailySlot = (): SQL => sql.raw(`floor(random() * ${DAILY_SLOTS})::smallint`);

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

/**
 * Per-event money counters, written by statement triggers in the transaction that
 * writes the facts (migration 0023): confirmed transactions' tickets and amounts, and the coin
 * account's balance (the sum of its ledger entries). The ledger and the transactions stay the
 * truth; the overview, the sales summary, the coin account and the withdrawal lists sum these
 * few rows instead of every sale. Insert-only: each statement adds a row of deltas, so writers
 * never wait on a counter row nor deadlock on two; `compact_counters()` (the `counters.compact`
 * job) folds an event's rows into one now and then. A reader sums the rows of its key.
 */
export const eventSalesCounters = pgTable(
  'event_sales_counters',
  {
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketsSold: bigint('tickets_sold', { mode: 'number' }).notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('event_sales_counters_event_idx').on(t.eventId)],
);

/**
 * An organization's totals for its overview: current registrants, confirmed tickets and
 * sales of its events (deleted ones too: their money was taken), rows of deltas written by the
 * same triggers and folded like the above. An event never changes organization (no call moves one).
 */
export const organizationCounters = pgTable(
  'organization_counters',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    participants: bigint('participants', { mode: 'number' }).notNull().default(0),
    ticketsSold: bigint('tickets_sold', { mode: 'number' }).notNull().default(0),
    sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('organization_counters_org_idx').on(t.organizationId)],
);

/**
 * The whole platform's totals for the admin's overview, rows of deltas written by the
 * same triggers (current registrants, confirmed tickets and sales) and one on events (live drafts
 * and published events), folded like the above.
 */
export const platformCounters = pgTable('platform_counters', {
  participants: bigint('participants', { mode: 'number' }).notNull().default(0),
  ticketsSold: bigint('tickets_sold', { mode: 'number' }).notNull().default(0),
  sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  /** Live (not deleted) events: drafts and published ones (a trigger on events). */
  eventsDraft: bigint('events_draft', { mode: 'number' }).notNull().default(0),
  eventsPublished: bigint('events_published', { mode: 'number' }).notNull().default(0),
});

/**
 * Live published events by the UTC day of their last date (a trigger on events), rows of deltas
 * folded like the above into one per day: how many have passed is then a sum over days (a few
 * hundred rows a year, read whole) plus today's counted off events_published_last_idx, however
 * many events have passed (they only accumulate).
 */
export const eventEndDayCounters = pgTable('event_end_day_counters', {
  day: date('day', { mode: 'string' }).notNull(),
  published: bigint('published', { mode: 'number' }).notNull(),
});
