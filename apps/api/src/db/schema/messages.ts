import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { organizations } from './organizations.js';
import { registrants } from './registrants.js';
import { users } from './users.js';

/**
 * A message to an event's participants: an announcement a member wrote, or an
 * automatic reminder (one of each kind per event, by a unique index, however many processes
 * schedule them). Its recipients are fixed when sending starts, as `message_deliveries`.
 */
export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: uuid('event_id').notNull().references(() => events.id),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  /** `announcement`, `reminderDay` or `reminderHour`. */
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** `{ ticketIds?, attendance }` (contract: messageAudienceSchema). */
  audience: jsonb('audience').notNull(),
  /** `scheduled`, `sending`, `sent`, `cancelled` or `failed`. */
  status: text('status').notNull(),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  /** The member who sent it; null for a reminder. */
  createdBy: uuid('created_by').references(() => users.id),
  /** Addressed: the count when scheduled, then the deliveries made when sending starts. */
  recipients: integer('recipients').notNull().default(0),
  /** When its deliveries were made (sending started); null before. */
  addressedAt: timestamp('addressed_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Its deliveries by status, kept by migration 0037's triggers in the statements that change
   * them: the history shows them for every message without counting a large audience's rows.
   */
  deliveriesQueued: integer('deliveries_queued').notNull().default(0),
  deliveriesSent: integer('deliveries_sent').notNull().default(0),
  deliveriesFailed: integer('deliveries_failed').notNull().default(0),
  deliveriesBounced: integer('deliveries_bounced').notNull().default(0),
}, (t) => [
  index('messages_event_idx').on(t.eventId, t.createdAt),
  // The organization's daily cap sums its recent announcements.
  index('messages_org_created_idx').on(t.organizationId, t.createdAt),
  uniqueIndex('messages_reminder_uq').on(t.eventId, t.kind).where(sql`${t.kind} <> 'announcement'`),
  check('messages_kind_ck', sql`${t.kind} in ('announcement', 'reminderDay', 'reminderHour')`),
  check('messages_status_ck', sql`${t.status} in ('scheduled', 'sending', 'sent', 'cancelled', 'failed')`),
]);

/**
 * One recipient of a message: one row per email (lower-cased), so a participant registered twice
 * gets one copy; `queued` until sent, `failed` (permanent, or tries exhausted) or `skipped`
 * (opted out of announcements). The mail's idempotency key is the row's id.
 */
export const messageDeliveries = pgTable('message_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: uuid('message_id').notNull().references(() => messages.id),
  registrantId: uuid('registrant_id').notNull().references(() => registrants.id),
  email: text('email').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  /** A temporary failure's retry is not before this. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  error: text('error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('message_deliveries_email_uq').on(t.messageId, t.email),
  index('message_deliveries_queued_idx').on(t.messageId, t.status),
  // The sender's next batch in id order: read from the queued ones alone, never sorted (migration 0021).
  index('message_deliveries_queue_idx').on(t.messageId, t.id).where(sql`${t.status} = 'queued'`),
  check('message_deliveries_status_ck', sql`${t.status} in ('queued', 'sent', 'failed', 'bounced', 'skipped')`),
]);

/** A participant who no longer wants an organization's announcements (reminders and tickets still go). */
export const messageOptouts = pgTable('message_optouts', {
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organizationId, t.email] })]);
