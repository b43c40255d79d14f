import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';

/**
 * A session of an event (API.md, "Sessions, evaluation and certificate rules"): a day of a
 * seminar or a talk, attended on its own. `position` is its place in the wizard's list.
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_sessions_event_starts_idx').on(t.eventId, t.startsAt),
    check('event_sessions_span_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
