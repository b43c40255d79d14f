import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WAITLIST_STATUSES } from '@eo/contract';
import { events } from './events.js';
import { emailIdentity, registrants } from './registrants.js';
import { tickets } from './tickets.js';

/**
 * A person waiting for a seat of a sold-out ticket (API.md, Seats). `seq` is the order they
 * joined. An offer holds one seat of the ticket (taken from its quota) until it is accepted,
 * removed or lapses at `offeredUntil`, so a seat is never offered to two people at once.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    lastEducation: text('last_education'),
    gender: text('gender'),
    /** The answers given when joining, checked as a registration's: `[{ questionId, value }]`. */
    answers: jsonb('answers').$type<{ questionId: string; value: unknown }[]>().notNull().default([]),
    /** WAITLIST_STATUSES */
    status: text('status').$type<(typeof WAITLIST_STATUSES)[number]>().notNull().default('waiting'),
    /** The offer's link token (random, 128 bits); null until offered. */
    offerToken: text('offer_token'),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    /** The registration an accepted offer made. */
    registrantId: uuid('registrant_id').references(() => registrants.id, { onDelete: 'set null' }),
    /** Asked for WhatsApp when joining: the offer goes there too, and the registration keeps it. */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The next one waiting for a ticket, in order.
    index('waitlist_ticket_waiting_idx').on(t.ticketId, t.seq).where(sql`${t.status} = 'waiting'`),
    index('waitlist_event_seq_idx').on(t.eventId, t.seq),
    uniqueIndex('waitlist_offer_token_idx').on(t.offerToken),
    // One place in the queue per person and ticket while waiting or offered (ALREADY_ON_WAITLIST).
    uniqueIndex('waitlist_ticket_email_idx').on(t.ticketId, emailIdentity(t.email)).where(sql`${t.status} in ('waiting', 'offered')`),
    check('waitlist_status_ck', sql`${t.status} in (${sql.raw(WAITLIST_STATUSES.map((v) => `'${v}'`).join(', '))})`),
  ],
);
