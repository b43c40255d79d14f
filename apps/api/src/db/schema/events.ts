import { sql } from 'drizzle-orm';
import {
  boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * An event with every field of spec section 3. The organizer block (EventOrganizer) is kept
 * on the event because each event names its own organizer contact.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organization that owns it; `creatorId` is the member who created it. */
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    creatorId: uuid('creator_id').notNull().references(() => users.id),
    name: text('name').notNull().default(''),
    tag: text('tag'),
    type: text('type'),
    typeDesc: text('type_desc'),
    subType: text('sub_type'),
    subTypeDesc: text('sub_type_desc'),
    /** Sub-categories and competition fields, encoded by the contract's `encodeSubTypes`. */
    subTypes: textList('sub_types'),
    competitionField: textList('competition_field'),
    fieldDesc: text('field_desc'),
    description: text('description'),
    imageUrl: text('image_url'),
    isPaidEvent: boolean('is_paid_event').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(true),
    isOfficial: boolean('is_official').notNull().default(false),
    isSponsored: boolean('is_sponsored').notNull().default(false),
    approvedStatus: text('approved_status').notNull().default('pending'),
    allowRegister: boolean('allow_register'),
    registrationMethod: text('registration_method'),
    registrationUrl: text('registration_url'),
    registrationSteps: jsonb('registration_steps'),
    experience: text('experience'),
    eventStreamQuestion: boolean('event_stream_question'),
    eventStreamLink: text('event_stream_link'),
    location: text('location'),
    locationNotes: text('location_notes'),
    eventCoordinateLat: doublePrecision('event_coordinate_lat'),
    eventCoordinateLong: doublePrecision('event_coordinate_long'),
    benefits: textList('benefits'),
    additionalBenefit: textList('additional_benefit'),
    eligibilities: textList('eligibilities'),
    additionalEligibility: textList('additional_eligibility'),
    stepsToRegister: textList('steps_to_register'),
    additionalStepsToRegister: textList('additional_steps_to_register'),
    afterRegistSteps: textList('after_regist_steps'),
    additionalAfterRegistSteps: textList('additional_after_regist_steps'),
    whatsAppGroupLink: text('whatsapp_group_link'),
    agreement: boolean('agreement').notNull().default(false),
    twibbonRequired: boolean('twibbon_required').notNull().default(false),
    /** Until when a participant may cancel; null: until the event starts. */
    cancellationDeadline: timestamp('cancellation_deadline', { withTimezone: true }),
    // EventOrganizer block
    eoName: text('eo_name'),
    eoEmail: text('eo_email'),
    eoPhoneNumber: text('eo_phone_number'),
    eoInstagramProfileUrl: text('eo_instagram_profile_url'),
    eoOrganizationLogoUrl: text('eo_organization_logo_url'),
    /** Start of the first and end of the last ticket date; kept by the event service. */
    firstEventAt: timestamp('first_event_at', { withTimezone: true }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /**
     * Automatic reminders: the day before, and (online events) an hour before. On for
     * events created from migration 0020 on; off for the events that existed before it.
     */
    reminderDayBefore: boolean('reminder_day_before').notNull().default(true),
    reminderHourBefore: boolean('reminder_hour_before').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('events_org_group_idx').on(t.organizationId, t.isDraft, t.lastEventAt),
    // The admin list's default order (created_at, id) in full: a page walks it backwards (0024).
    index('events_created_at_idx').on(t.createdAt, t.id),
    // The admin list's page in its default order, per group: its ids walk this index only (no
    // heap read for the rows a group's `last_event_at` condition passes over; migration 0029).
    index('events_live_created_idx').on(t.isDraft, t.createdAt, t.id, t.lastEventAt).where(sql`${t.deletedAt} is null`),
    // The unscoped (admin) count of a filtered list group reads only this, index only (migration 0024).
    index('events_live_group_idx').on(t.isDraft, t.lastEventAt).where(sql`${t.deletedAt} is null`),
    // Event name searches through trigrams (migration 0024, pg_trgm).
    index('events_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
    // The admin's overview and lists: today's passed events counted off this index (the rest from the counters, 0023 and 0034).
    index('events_published_last_idx').on(t.lastEventAt).where(sql`${t.deletedAt} is null and not ${t.isDraft}`),
    // The admin's review queue in each of its orders, and its count, off the waiting events alone.
    index('events_review_created_idx').on(t.createdAt, t.id).where(waitingForReview(t)),
    index('events_review_updated_idx').on(t.updatedAt, t.id).where(waitingForReview(t)),
    index('events_review_name_idx').on(t.name, t.id).where(waitingForReview(t)),
  ],
);

/** The review queue's events (migration 0027's partial indexes): submitted, live, not yet decided. */
function waitingForReview(t: { approvedStatus: AnyPgColumn; isDraft: AnyPgColumn; deletedAt: AnyPgColumn }) {
  return sql`${t.approvedStatus} = 'pending' and not ${t.isDraft} and ${t.deletedAt} is null`;
}

/** Twibbon campaign of an event; the custom key is unique across all events. */
export const eventTwibbons = pgTable(
  'event_twibbons',
  {
    eventId: uuid('event_id').primaryKey().references(() => events.id, { onDelete: 'cascade' }),
    /** Null while a draft has not chosen one yet. */
    customKey: text('custom_key'),
    templateUrl: text('template_url'),
    posterUrl: text('poster_url'),
    guide: textList('guide'),
    caption: text('caption'),
  },
  (t) => [uniqueIndex('event_twibbons_key_uq').on(sql`lower(${t.customKey})`)],
);

/**
 * The public-facing change to an approved event that waits for the admin (API.md, Admin): the
 * edit as sent, and what it changes against the public version. One per event, replaced by each
 * later edit; removed when decided (the audit log keeps the decision).
 */
export const eventRevisions = pgTable('event_revisions', {
  eventId: uuid('event_id').primaryKey().references(() => events.id, { onDelete: 'cascade' }),
  /** The event payload as the organizer last saved it. */
  payload: jsonb('payload').notNull(),
  /** `[{ label, before, after }]`, as `revisionChanges` gives them. */
  changes: jsonb('changes').notNull(),
  submittedBy: uuid('submitted_by').notNull().references(() => users.id),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
}, (t) => [index('event_revisions_submitted_idx').on(t.submittedAt, t.eventId)]);
