import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EVALUATION_QUESTION_TYPES, type EvaluationQuestionType } from '@eo/contract';
import { events } from './events.js';
import { registrants } from './registrants.js';

/**
 * An event's evaluation form (API.md, "Sessions, evaluation and certificate rules"). A null
 * window edge takes its default when answers are taken (the contract's `evaluationSchema`).
 */
export const evaluationForms = pgTable('evaluation_forms', {
  eventId: uuid('event_id').primaryKey().references(() => events.id, { onDelete: 'cascade' }),
  opensAt: timestamp('opens_at', { withTimezone: true }),
  closesAt: timestamp('closes_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const evaluationQuestions = pgTable(
  'evaluation_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => evaluationForms.eventId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<EvaluationQuestionType>().notNull(),
    label: text('label').notNull(),
    isRequired: boolean('is_required').notNull(),
    /** Radio and checkbox questions' options, in order; empty for the others. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('evaluation_questions_event_idx').on(t.eventId, t.position),
    check('evaluation_questions_type_ck', sql.raw(`type in (${EVALUATION_QUESTION_TYPES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

/** One registration's answers (`[{ questionId, value }]`), once. */
export const evaluationAnswers = pgTable(
  'evaluation_answers',
  {
    registrantId: uuid('registrant_id').primaryKey().references(() => registrants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => evaluationForms.eventId, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<{ questionId: string; value: unknown }[]>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evaluation_answers_event_idx').on(t.eventId, t.answeredAt)],
);

/**
 * How many answered each question (`value` '') and, for a question answered from a scale or
 * options, how many gave each value (a checkbox answer counts each option it holds): kept by a
 * statement trigger on evaluation_answers (db/functions/evaluation_counts_apply.sql), so the
 * summary reads a few rows instead of every answer's JSON.
 */
export const evaluationCounts = pgTable(
  'evaluation_counts',
  {
    eventId: uuid('event_id').notNull().references(() => evaluationForms.eventId, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.questionId, t.value] })],
);

/**
 * The invitation mailed to an attendee once the event's evaluation opens: one row per
 * registration, made when its mail is queued, so no sweep (any worker, any process, a form
 * reopened or edited) queues a second. `mailedAt`: when the mail left.
 */
export const evaluationInvites = pgTable(
  'evaluation_invites',
  {
    registrantId: uuid('registrant_id').primaryKey().references(() => registrants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('evaluation_invites_event_idx').on(t.eventId)],
);
