import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WHATSAPP_KINDS, WHATSAPP_STATUSES } from '@eo/contract';
import { events } from './events.js';
import { messages } from './messages.js';
import { organizations } from './organizations.js';
import { registrants } from './registrants.js';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One WhatsApp template message to one participant (modules/whatsapp). `idempotencyKey` (kind and
 * the record it is about) is unique, so however often the work that makes it runs (a mail job
 * retried, a reminder resumed after a crash) the message exists once; it also travels with the
 * request as `biz_opaque_callback_data`, so a copy sent again after a crash is recognisable.
 * `wamid` is the Cloud API's id, which the status callbacks name.
 */
export const whatsappMessages = pgTable('whatsapp_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  eventId: uuid('event_id').notNull().references(() => events.id),
  registrantId: uuid('registrant_id').references(() => registrants.id),
  /** The reminder it goes beside; null for the other kinds. */
  messageId: uuid('message_id').references(() => messages.id),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  /** Digits with the country code (62…). */
  phone: text('phone').notNull(),
  template: text('template').notNull(),
  language: text('language').notNull(),
  /** The template body's parameters, in order. */
  params: jsonb('params').$type<string[]>().notNull(),
  status: text('status').notNull().default('queued'),
  wamid: text('wamid'),
  attempts: integer('attempts').notNull().default(0),
  /** A temporary failure's next try is not before this. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** The Cloud API's error code and text, of a refusal or a `failed` callback. */
  errorCode: integer('error_code'),
  errorReason: text('error_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('whatsapp_messages_key_uq').on(t.idempotencyKey),
  uniqueIndex('whatsapp_messages_wamid_uq').on(t.wamid),
  // The sender's next batch: the queued ones alone, oldest first.
  index('whatsapp_messages_queue_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'queued'`),
  index('whatsapp_messages_message_idx').on(t.messageId, t.status).where(sql`${t.messageId} is not null`),
  index('whatsapp_messages_event_idx').on(t.eventId, t.kind, t.status),
  // STOP: the organization of the latest message to a number.
  index('whatsapp_messages_phone_idx').on(t.phone, t.createdAt),
  check('whatsapp_messages_kind_ck', sql`${t.kind} in (${list(WHATSAPP_KINDS)})`),
  check('whatsapp_messages_status_ck', sql`${t.status} in (${list(WHATSAPP_STATUSES)})`),
]);

/** A number that answered STOP: no more of that organization's WhatsApp messages (mails still go). */
export const whatsappOptouts = pgTable('whatsapp_optouts', {
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  phone: text('phone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organizationId, t.phone] })]);
