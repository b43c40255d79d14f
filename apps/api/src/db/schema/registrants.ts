import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { REGISTRANT_STATUSES, type RegistrantStatus } from '@eo/contract';
import { events } from './events.js';
import { eventSessions } from './sessions.js';
import { registrationQuestions, tickets } from './tickets.js';
import { users } from './users.js';

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
    // Riwayat Penjualan's order itself (newest first, then id): a page reads its ten rows, even where
    // many share an instant (migration 0035; on (event_id, created_at) alone they were all read and sorted).
    index('transactions_event_created_id_idx').on(t.eventId, t.createdAt, t.id),
    // The overview's sales sums read only this (index-only scan per owned event), never the
    // platform's whole table: 313 ms → 3 ms for an organizer among 500,000 transactions.
    index('transactions_event_confirmed_idx').on(t.eventId, t.quantity, t.amount).where(sql`${t.status} = 'confirmed'`),
  ],
);

/** 244 random bits from two UUIDs as base64url without padding. */
export const RANDOM_TICKET_CODE_SQL = "translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')";

/**
 * A phone number's national digits: digits only, without a leading 62 (country code) and zeros,
 * so "0812-3", "+62 812 3" and "628123" are all "8123". One expression for the index
 * (registrants_event_phone_idx) and the door search, which must match it exactly.
 */
export const phoneNational = (column: AnyPgColumn) =>
  sql`regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^(62)?0*', '')`;

/**
 * The person behind an email, for the per-email limit: lower case, and the local part's `+tag`
 * dropped (`Budi+1@Mail.id` is `budi@mail.id`), so tags do not make new people. One expression for
 * the index (registrants_ticket_email_identity_idx) and registration_email_held (db/functions),
 * which must match it exactly; of a typed address too, to look a person up.
 */
export const emailIdentity = (email: AnyPgColumn | SQL) => sql`regexp_replace(lower(${email}), '[+][^@]*@', '@')`;

/**
 * "The registration is a participant": `status = 'confirmed'` with the value written in the
 * statement, as the partial indexes of current registrants say it. A bound parameter
 * (`eq(registrants.status, 'confirmed')`) does not prove their predicate in a generic plan, and
 * a prepared list then sorted the whole event (1.7 s at 100,000).
 */
export const confirmedRegistrant = () => sql`${registrants.status} = 'confirmed'`;

/**
 * "The registration has `status`", its value written in the statement for the same reason
 * (a status other than confirmed reads registrants_event_status_idx). Only a known status is
 * written: anything else throws.
 */
export function registrantStatusIs(status: RegistrantStatus): SQL {
  if (!REGISTRANT_STATUSES.includes(status)) throw new Error(`unknown registrant status ${String(status)}`);
  return status === 'confirmed' ? confirmedRegistrant() : sql`${registrants.status} = ${sql.raw(`'${status}'`)}`;
}

/** `phoneNational` of a typed text, the same rule in JS. */
export const phoneNationalOf = (text: string) => text.replace(/\D/g, '').replace(/^(62)?0*/, '');

/**
 * A participant registered for a ticket of an event. `status` (REGISTRANT_STATUSES) says whether
 * the registration is a participant: only `confirmed` holds a seat and is counted, checked in,
 * messaged and certified. `cancelledAt` is when it stopped being one (a refund, a cancellation).
 */
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
    status: text('status').$type<RegistrantStatus>().notNull().default('confirmed'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the `ticket.mail` job sent the e-ticket; a run that finds it set sends nothing. */
    ticketMailedAt: timestamp('ticket_mailed_at', { withTimezone: true }),
    /**
     * When the e-ticket was last queued again on request ("Kirim ulang e-tiket"). The conditional
     * update that queues it skips a registration set less than TICKET_RESEND_MINUTES ago.
     */
    ticketResentAt: timestamp('ticket_resent_at', { withTimezone: true }),
    /**
     * Check-in at the door: when (an offline scan's own time, clamped), by which
     * member and from which scanner. Set by one conditional UPDATE (`where checked_in_at is
     * null`), so concurrent scans of one code check in once; cleared by an undo. The history
     * (every check-in, undo, duplicate and refusal) is in `checkin_events`.
     */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    checkedInDevice: text('checked_in_device'),
    /**
     * The code of the tracking link the registration came through (`?ref=`), when the event had
     * such a link then; kept when the link is removed. Null: none.
     */
    ref: text('ref'),
    /** "Kirim tiket lewat WhatsApp": template messages to `phoneNumber` beside the mails (modules/whatsapp). */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
  },
  (t) => [
    // The participant list's order (created_at, id) in full, so a page walks the index and a
    // keyset page (`after`) starts where the last one ended (migration 0024 added `id`).
    index('registrants_event_created_idx').on(t.eventId, t.createdAt, t.id),
    // Name "contains" searches of 3 characters or more (lib/name-search): every suffix of the
    // current registrants' names, keyed by event (db/functions/name_suffixes.sql, btree_gin).
    index('registrants_event_name_suffix_idx').using('gin', t.eventId, sql`name_suffixes(${t.name})`).where(sql`${t.status} = 'confirmed'`),
    // Counting the current participants of owned events reads only this (index-only scan).
    index('registrants_event_active_idx').on(t.eventId).where(sql`${t.status} = 'confirmed'`),
    // Insight's check-ins per hour read only the checked-in rows of an event, index
    // only, instead of every registrant of a 100,000-registrant event (migration 0019).
    index('registrants_event_checked_in_idx').on(t.eventId, t.checkedInAt).where(sql`${t.status} = 'confirmed' and ${t.checkedInAt} is not null`),
    // Per-ticket email limits (`=`) and the door search's email prefix (`like 'q%'`, which
    // text_pattern_ops serves whatever the database's collation; migration 0026).
    index('registrants_ticket_email_idx').on(t.ticketId, sql`lower(${t.email}) text_pattern_ops`),
    // The per-email limit counts by the address without its +tag (emailIdentity; migration 0046).
    index('registrants_ticket_email_identity_idx').on(t.ticketId, emailIdentity(t.email)),
    // The participant list by name (offset or keyset `after`) walks this instead of sorting
    // every current registrant of the event (migration 0026).
    index('registrants_event_name_idx').on(t.eventId, t.name, t.id).where(sql`${t.status} = 'confirmed'`),
    // The door search's phone arm: the national number starts with the digits typed (migration 0026).
    // Registrations that are not participants (pending, declined, cancelled, refunded): few beside
    // the confirmed, listed by status in the participant list and the approval queue.
    index('registrants_event_status_idx').on(t.eventId, t.status, t.createdAt, t.id).where(sql`${t.status} <> 'confirmed'`),
    index('registrants_event_phone_idx').on(t.eventId, sql`${phoneNational(t.phoneNumber)} text_pattern_ops`).where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('registrants_ticket_code_uq').on(t.ticketCode),
    // Registrations and check-ins per tracking link (Insight): an index-only count of the
    // participants who came through a link, apart from everyone else.
    index('registrants_event_ref_idx').on(t.eventId, t.ref, t.checkedInAt).where(sql`${t.status} = 'confirmed' and ${t.ref} is not null`),
    check('registrants_status_ck', sql`${t.status} in (${sql.raw(REGISTRANT_STATUSES.map((v) => `'${v}'`).join(', '))})`),
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

/**
 * Check-in history, append-only like the audit log (a trigger refuses UPDATE, DELETE
 * and TRUNCATE): `checkin`, `undo`, `duplicate` (a scan of a ticket already checked in) and
 * `refused` (`reason`: not_found, wrong_event, refunded, not_confirmed, session_not_found). "Already checked in at X by Y" reads
 * the registrant's columns; the recent list and any later attendance figure read these facts.
 * A refusal names no registrant: a wrong event's ticket belongs to another event.
 */
export const checkinEvents = pgTable(
  'checkin_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    registrantId: uuid('registrant_id').references(() => registrants.id),
    kind: text('kind').notNull(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id),
    deviceId: text('device_id'),
    /** When the scanner read the code (an offline scan's claim); null for a scan answered at once. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    /** The check-in time it set (kind `checkin`). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** The session scanned for, if any. No reference: the facts outlive a session removed before anyone attended it. */
    sessionId: uuid('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The summary's recent check-ins: the last 20 of the event, newest first, read off the index
    // (the id breaks ties; without it every check-in of the event was sorted on each poll).
    index('checkin_events_event_checkin_idx').on(t.eventId, t.createdAt, t.id).where(sql`${t.kind} = 'checkin'`),
    index('checkin_events_registrant_idx').on(t.registrantId, t.createdAt),
    check('checkin_events_kind_ck', sql`${t.kind} in ('checkin', 'undo', 'duplicate', 'refused')`),
  ],
);

/**
 * Per-ticket counters, kept by a statement trigger on
 * registrants (migrations 0015, 0023): current registrants (confirmed), those of them checked
 * in, and the seats they hold. The check-in summary, Insight, the overview's participants, the
 * event detail's sold seats and the sales summary read these instead of counting registrants.
 * The summary sums a few rows instead of counting a 100,000-registrant event on every poll of
 * every scanner. Each statement adds its deltas to one of 8 `slot` rows per ticket (picked at
 * random), so 50 scanners checking in at once do not queue on one counter row; rows are written
 * in key order, so two statements never wait for each other in a cycle.
 */
export const checkinCounters = pgTable(
  'checkin_counters',
  {
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id),
    slot: smallint('slot').notNull(),
    registered: integer('registered').notNull().default(0),
    checkedIn: integer('checked_in').notNull().default(0),
    /** Seats held by current registrants (the sum of their `quantity`; migration 0023). */
    seats: integer('seats').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.ticketId, t.slot] })],
);

/**
 * The seats a ticket's current registrants hold, summed off its counter slots, for a select over
 * `tickets` aliased `alias` (a raw SQL name, `t` by default).
 */
export const seatsSold = (alias = 't'): SQL<number> => sql<number>`${sql.raw(
  `(select coalesce(sum(c.seats), 0) from checkin_counters c where c.event_id = ${alias}.event_id and c.ticket_id = ${alias}.id)::int`,
)}`;

/**
 * An online event's attendance code, "Kode Presensi": one per event at a time (for a session, or the whole event), valid from
 * `opensAt` to `closesAt`. Setting it again raises `version`, which gives everyone new tries.
 */
export const attendanceCodes = pgTable('attendance_codes', {
  eventId: uuid('event_id').primaryKey().references(() => events.id),
  code: text('code').notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
  setBy: uuid('set_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Wrong codes sent for the event, by anyone, since `wrongSince` (a window of
   * ATTENDANCE_EVENT_WINDOW_MS that starts at the first wrong try after the last one ended):
   * past ATTENDANCE_EVENT_MAX_WRONG, every try waits until the window ends.
   */
  wrongSince: timestamp('wrong_since', { withTimezone: true }),
  wrongCount: integer('wrong_count').notNull().default(0),
  /** The session the code is for: attending with it attends that session. Null: the event as a whole. */
  sessionId: uuid('session_id').references(() => eventSessions.id, { onDelete: 'set null' }),
}, (t) => [check('attendance_codes_window_ck', sql`${t.closesAt} > ${t.opensAt}`)]);

/**
 * Wrong attendance codes per participant (their email, lower-cased: by ticket code or by email, one
 * person has one count) for the event's current code `version`; a row is locked while a try is judged.
 */
export const attendanceTries = pgTable('attendance_tries', {
  eventId: uuid('event_id').notNull().references(() => events.id),
  email: text('email').notNull(),
  version: integer('version').notNull(),
  wrong: integer('wrong').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.eventId, t.email] })]);

/**
 * Insight's education and gender groups (migration 0025): per event, per `kind` ('education',
 * 'gender') and `value` (the registrant's column; null when not given), the change in current
 * registrants. Rows of deltas written by a statement trigger on registrants (insert-only, so
 * concurrent registrations to one event never wait on one row) and folded by `compact_counters()`;
 * a reader sums an event's few rows instead of grouping a 100,000-registrant event.
 */
export const eventBreakdownCounters = pgTable(
  'event_breakdown_counters',
  {
    eventId: uuid('event_id').notNull().references(() => events.id),
    kind: text('kind').notNull(),
    value: text('value'),
    registrants: integer('registrants').notNull().default(0),
  },
  (t) => [index('event_breakdown_counters_event_idx').on(t.eventId, t.kind)],
);

/**
 * A message audience's people (migration 0025): per event and lower-cased email, how many current
 * registrations that person holds and how many of them stand checked in. One row per person, so
 * only one person's own registrations queue on it; the trigger sees its numbers cross zero and
 * moves the event's distinct counts below by exactly that.
 */
export const eventAudiencePeople = pgTable(
  'event_audience_people',
  {
    eventId: uuid('event_id').notNull().references(() => events.id),
    email: text('email').notNull(),
    registered: integer('registered').notNull().default(0),
    checkedIn: integer('checked_in').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.email] })],
);

/**
 * The message audience's counts (migration 0025): distinct emails of an event's current
 * registrants, of those with a registration checked in, and of those with one not checked in.
 * Deltas, insert-only, folded by `compact_counters()` like the sales counters.
 */
export const eventAudienceCounters = pgTable(
  'event_audience_counters',
  {
    eventId: uuid('event_id').notNull().references(() => events.id),
    people: integer('people').notNull().default(0),
    checkedIn: integer('checked_in').notNull().default(0),
    notCheckedIn: integer('not_checked_in').notNull().default(0),
  },
  (t) => [index('event_audience_counters_event_idx').on(t.eventId)],
);
