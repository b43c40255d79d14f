import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';

export interface TicketDate { date: string; startHour?: string | null; endHour?: string | null }

/**
 * A participant category. `quota` is the remaining count that the ticket's own row holds; -1
 * marks unlimited. A limited ticket's seats left are that plus its `ticketSeats` slots
 * (`seatsLeft`).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    originalQuotaType: text('original_quota_type').notNull().default('unlimited'),
    originalQuota: integer('original_quota').notNull().default(-1),
    quota: integer('quota').notNull().default(-1),
    dates: jsonb('dates').$type<TicketDate[]>().notNull().default([]),
    eventTimeType: text('event_time_type'),
    eventTimeSingle: jsonb('event_time_single').$type<Omit<TicketDate, 'date'> | null>(),
    /** As entered: `{ date: 'YYYY-MM-DD', hour: 'HH:mm' }` in WIB. */
    registrationDeadline: jsonb('registration_deadline').$type<{ date: string; hour: string | null } | null>(),
    registrationDeadlineAt: timestamp('registration_deadline_at', { withTimezone: true }),
    type: text('type').notNull().default('free'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    fakePrice: bigint('fake_price', { mode: 'number' }),
    maxTicketPerUser: integer('max_ticket_per_user').notNull().default(-1),
    registrationSteps: jsonb('registration_steps'),
    /** Registrations land pending, holding no seat, until approved (API.md, Seats). */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Once sold out, people may join the waiting list. */
    waitlist: boolean('waitlist').notNull().default(false),
    /** A hidden ticket's code (compared without case); null for a ticket everyone sees. */
    accessCode: text('access_code'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('tickets_event_idx').on(t.eventId)],
);

/**
 * Seats of a limited ticket handed from its row to slots, so that registrations of one ticket
 * each lock a slot of their own instead of queueing on the ticket's row (`take_seats`, in
 * db/functions). The row keeps what it has not handed out and every seat given back.
 */
export const ticketSeats = pgTable(
  'ticket_seats',
  {
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    seats: integer('seats').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.slot] }), check('ticket_seats_seats_ck', sql`${t.seats} >= 0`)],
);

/**
 * The seats a ticket has left (-1: unlimited), its row's and its slots', for a select over
 * `tickets` aliased `alias` (a raw SQL name, `t` by default).
 */
export const seatsLeft = (alias = 't'): SQL<number> => sql<number>`${sql.raw(
  `(${alias}.quota + coalesce((select sum(s.seats) from ticket_seats s where s.ticket_id = ${alias}.id), 0))::int`,
)}`;

/** Every change of a ticket's price (feeds Ticket Price History). */
export const ticketPriceHistory = pgTable(
  'ticket_price_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    oldPrice: bigint('old_price', { mode: 'number' }).notNull(),
    newPrice: bigint('new_price', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_price_history_ticket_idx').on(t.ticketId, t.createdAt)],
);

export interface QuestionOption { name: string; optionOrderNumber: number }

/** Registration question; `eventTicketId` null means it applies to every ticket. */
export const registrationQuestions = pgTable(
  'registration_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    eventTicketId: uuid('event_ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    isGeneral: boolean('is_general').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(true),
    isTicketBuyerOnly: boolean('is_ticket_buyer_only').notNull().default(false),
    stepOrderNumber: integer('step_order_number').notNull().default(0),
    maxFiles: integer('max_files'),
    accept: text('accept').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed from the form; kept so that answers already given stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('registration_questions_event_idx').on(t.eventId)],
);
