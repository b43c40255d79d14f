import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { registrants } from './registrants.js';
import { eventSessions } from './sessions.js';
import { users } from './users.js';

/**
 * Who attended which session: one row per ticket and session (the key), so a second scan in
 * the same session is a duplicate and a scan in another session a new attendance. The first
 * session attended also sets the registrant's own check-in, which every count of "hadir"
 * (counters, Insight, certificates to attendees) reads. A session with rows here cannot be
 * removed (the reference restricts, and the event form says why).
 */
export const sessionCheckins = pgTable(
  'session_checkins',
  {
    sessionId: uuid('session_id').notNull().references(() => eventSessions.id),
    registrantId: uuid('registrant_id').notNull().references(() => registrants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    deviceId: text('device_id'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.registrantId] }),
    // Attendance per participant and eligibility by sessions: the event's rows, grouped by registrant.
    index('session_checkins_event_registrant_idx').on(t.eventId, t.registrantId),
    // A registrant removed takes their rows with them (the reference cascades): found by this.
    index('session_checkins_registrant_idx').on(t.registrantId),
  ],
);
