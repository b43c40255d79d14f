import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CERT_STATUSES, type CertificateRules, type RecipientCsv, type TemplateObject } from '@eo/contract';
import { events } from './events.js';
import { organizations } from './organizations.js';
import { registrants } from './registrants.js';
import { users } from './users.js';

/** A certificate batch of spec section 3: a template, two text boxes and its recipients (a CSV, the event's attendees, or those meeting its rules). */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    creatorId: uuid('creator_id').notNull().references(() => users.id),
    eventId: uuid('event_id').references(() => events.id),
    status: text('status', { enum: CERT_STATUSES }).notNull().default('drafted'),
    recipientType: text('recipient_type'),
    recipientCsv: jsonb('recipient_csv').$type<RecipientCsv>(),
    totalRecipient: integer('total_recipient').notNull().default(0),
    templateBackgroundUrl: text('template_background_url'),
    serialNumberPrefix: text('serial_number_prefix'),
    groupName: text('group_name'),
    templateObjects: jsonb('template_objects').$type<TemplateObject[]>().notNull().default(sql`'[]'::jsonb`),
    /** CSV rows left out when publishing (empty name, invalid email): `{ row, reason }`. */
    /** An `eligible` batch's rules (certificate-rules.ts in the contract); null for the others. */
    rules: jsonb('rules').$type<CertificateRules>(),
    csvProblems: jsonb('csv_problems').$type<{ row: number; reason: string }[]>().notNull().default(sql`'[]'::jsonb`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('certificates_org_created_idx').on(t.organizationId, t.createdAt),
    // Every check-in and evaluation answer asks whether its event has a certificate by rules.
    index('certificates_eligible_event_idx').on(t.eventId).where(sql`${t.recipientType} = 'eligible'`),
    // Every e-ticket page of an event with certificates reads them by its event.
    index('certificates_event_idx').on(t.eventId),
  ],
);

/**
 * One recipient of a published batch, in CSV order (attendees: in check-in order). Created all
 * at once when publishing starts (an attendees batch adds the newly checked in on each publish); `renderedAt` and `mailedAt` record each step so a restarted job resumes where it
 * stopped and never does a step twice.
 */
export const certificateRecipients = pgTable(
  'certificate_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: uuid('certificate_id').notNull().references(() => certificates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serial: text('serial').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    pngPath: text('png_path'),
    pdfPath: text('pdf_path'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    error: text('error'),
    /** The secret of the public verify link (`/verify/{serial}?t=…`): without it a serial only says that it exists. */
    verifyToken: text('verify_token').notNull(),
    /**
     * The registration a recipient of an attendees batch was read from (null for CSV rows): its
     * identity in the batch, so a later publish adds only attendees without a certificate of it.
     */
    registrantId: uuid('registrant_id').references(() => registrants.id),
    /** When publishing created the row: the per-organizer daily recipient limit counts these. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificate_recipients_position_uq').on(t.certificateId, t.position),
    uniqueIndex('certificate_recipients_verify_token_uq').on(t.verifyToken),
    uniqueIndex('certificate_recipients_serial_uq').on(t.serial),
    // Never two certificates of one batch for one registrant, whatever runs at once (migration 0018).
    uniqueIndex('certificate_recipients_registrant_uq').on(t.certificateId, t.registrantId),
    index('certificate_recipients_pending_idx').on(t.certificateId).where(sql`${t.mailedAt} is null`),
  ],
);

/**
 * The job queue of DESIGN.md: claimed with `FOR UPDATE SKIP LOCKED`, so any number of workers
 * share it. A running job whose lease lapsed (its worker died) is
 * claimed again; handlers are idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** A scheduled job's one row is keyed by its id: every process may schedule it, one row runs. */
    key: text('key'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAfter), uniqueIndex('jobs_key_idx').on(t.key)],
);
