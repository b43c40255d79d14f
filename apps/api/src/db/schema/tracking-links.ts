import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { users } from './users.js';

/**
 * An event's tracking link (API.md, Integrations): `/e/{event}?ref={code}`. `visits` counts the
 * page's visitors who came through it, once per visitor per WIB day (lib/visitor-once-a-day.ts);
 * registrations and check-ins are not kept here but read from the registrants' `ref`, so removing
 * a link leaves its registrants' `ref` as it was (and a link made again with the code counts them).
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    visits: integer('visits').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key is the lookup of every counted visit and registration: (event, code).
  (t) => [primaryKey({ columns: [t.eventId, t.code] })],
);
