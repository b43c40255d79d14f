import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { registrationQuestions, tickets } from './tickets.js';

/**
 * A purchase. Free registrations have none. Amounts are integer rupiah:
 * `grossAmount` = price x quantity, `discountAmount` off it, `amount` = what the buyer paid.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: text('invoice_id').notNull(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discountCode: text('discount_code'),
    status: text('status').notNull().default('confirmed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transactions_invoice_uq').on(t.invoiceId),
    index('transactions_event_created_idx').on(t.eventId, t.createdAt),
    // The overview's sales sums read only this (index-only scan per owned event), never the
    // platform's whole table: 313 ms → 3 ms for an organizer among 500,000 transactions.
    index('transactions_event_confirmed_idx').on(t.eventId, t.quantity, t.amount).where(sql`${t.status} = 'confirmed'`),
  ],
);

/** 244 random bits from two UUIDs as base64url without padding: works on PGlite and PostgreSQL. */
export const RANDOM_TICKET_CODE_SQL = "translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')";

/** A participant registered for a ticket of an event. Refunded ones keep `cancelledAt`. */
export const registrants = pgTable(
  'registrants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    lastEducation: text('last_education'),
    gender: text('gender'),
    quantity: integer('quantity').notNull().default(1),
    /**
     * The e-ticket's code (API.md, Check-in): 128 random bits as base64url (22 characters),
     * unguessable and URL-safe; what the ticket's QR code holds. The default (two random UUIDs,
     * 43 characters) only serves rows written by hand (bench seeds, old rows); the API sets it.
     */
    ticketCode: text('ticket_code').notNull().default(sql.raw(RANDOM_TICKET_CODE_SQL)),
    /** `{ stepDetail, result }` entries of the participant's registration steps. */
    userRegisteredStep: jsonb('user_registered_step').$type<{ stepDetail: string; result: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the `ticket.mail` job sent the e-ticket; a run that finds it set sends nothing. */
    ticketMailedAt: timestamp('ticket_mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('registrants_event_created_idx').on(t.eventId, t.createdAt),
    // Counting the current participants of owned events reads only this (index-only scan).
    index('registrants_event_active_idx').on(t.eventId).where(sql`${t.cancelledAt} is null`),
    index('registrants_ticket_email_idx').on(t.ticketId, sql`lower(${t.email})`),
    uniqueIndex('registrants_ticket_code_uq').on(t.ticketCode),
  ],
);

/**
 * The SQL/JSON path of the upload ids an answer names: an image answer is `{ fileId, … }`, a file
 * answer `[{ fileId, … }, …]` (lax mode unwraps the array; any other answer names none).
 */
export const ANSWER_FILE_IDS_PATH = 'lax $.fileId';

export const registrantAnswers = pgTable(
  'registrant_answers',
  {
    registrantId: uuid('registrant_id').notNull().references(() => registrants.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => registrationQuestions.id, { onDelete: 'cascade' }),
    value: jsonb('value').notNull(),
  },
  (t) => [uniqueIndex('registrant_answers_pk').on(t.registrantId, t.questionId)],
);
