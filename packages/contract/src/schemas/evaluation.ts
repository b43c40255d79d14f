import { z } from 'zod';
import { fill, OWN_MSG } from '../messages.js';
import { EVALUATION_LIMITS as L, EVALUATION_MSG as M, EVALUATION_QUESTION_TYPES } from '../messages-evaluation.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { resultEnvelope } from './common.js';
import { pagedEnvelope } from './lists.js';
import { EXPORT_FORMATS } from './participants.js';

/** The event an evaluation call acts on (`/v1/events/:id/evaluation`). */
export const evaluationParamsSchema = z.object({ id: z.string().max(100) });

/**
 * One question: rating 1–5, NPS 0–10, free text, or one (radio) or several (checkbox) of its
 * options. `id` names a stored question on a save; without it the question is new.
 */
export const evaluationQuestionSchema = z.object({
  id: z.guid().nullish(),
  type: z.enum(EVALUATION_QUESTION_TYPES, { error: M.type }),
  label: z.string({ error: M.label }).trim().min(1, M.label).max(L.labelMax, fill(OWN_MSG.maxChars, { n: L.labelMax })),
  isRequired: z.boolean().default(true),
  options: z.array(z.string().trim().max(L.optionMax, fill(OWN_MSG.maxChars, { n: L.optionMax }))).max(L.maxOptions, M.options).default([]),
});
export type EvaluationQuestionInput = z.input<typeof evaluationQuestionSchema>;

/** `PUT /v1/events/:id/evaluation`: the whole form. A null window edge takes its default. */
export const evaluationBodySchema = z.object({
  questions: z.array(evaluationQuestionSchema).min(1, M.noQuestions).max(L.maxQuestions, M.tooMany),
  opensAt: z.iso.datetime({ offset: true, error: M.opensAt }).nullish(),
  closesAt: z.iso.datetime({ offset: true, error: M.closesAt }).nullish(),
});
export type EvaluationBody = z.output<typeof evaluationBodySchema>;

export const evaluationSchema = z.strictObject({
  questions: z.array(z.strictObject({
    id: z.string(), type: z.enum(EVALUATION_QUESTION_TYPES), label: z.string(), isRequired: z.boolean(), options: z.array(z.string()),
  })),
  /** As saved: null takes the default. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /**
   * When answers are taken, defaults applied: from the start of the last session (the event's
   * start without sessions) until EVALUATION_LIMITS.defaultOpenDaysAfter days after the event
   * ends; null while the event has no dates.
   */
  window: z.strictObject({ opensAt: z.string(), closesAt: z.string() }).nullable(),
  /** Answers received so far; once there is one, the questions are locked. */
  answers: z.number().int(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;
export const evaluationResponseSchema = resultEnvelope(evaluationSchema);

/** `/v1/public/tickets/:ticketCode/evaluation`: the participant's own form, by their e-ticket. */
export const publicEvaluationParamsSchema = z.object({ ticketCode: z.string().max(100) });

export const publicEvaluationSchema = z.strictObject({
  eventName: z.string(),
  questions: evaluationSchema.shape.questions,
  /** When answers are taken (defaults applied). */
  window: evaluationSchema.shape.window,
  /** Whether it takes answers now. */
  open: z.boolean(),
  /** Whether this registration has answered (once only). */
  answered: z.boolean(),
});
export type PublicEvaluation = z.infer<typeof publicEvaluationSchema>;
export const publicEvaluationResponseSchema = resultEnvelope(publicEvaluationSchema);

/**
 * The answers, one per question at most: rating an integer 1–5, NPS 0–10, text a string, radio
 * one of its options, checkbox some of them; checked against the form by `evaluationAnswerIssues`.
 */
export const evaluationAnswersBodySchema = z.object({
  answers: z.array(z.object({ questionId: z.string().max(100), value: z.unknown() })).max(L.maxQuestions),
});
export type EvaluationAnswersBody = z.output<typeof evaluationAnswersBodySchema>;
export const evaluationAnsweredResponseSchema = resultEnvelope(z.strictObject({ answeredAt: z.string() }));

/** A text answer and when it was given (a text question's answers are listed newest first). */
export const evaluationTextAnswerSchema = z.strictObject({ text: z.string(), answeredAt: z.string() });

/** How many answered with each value: a rating's 1–5, an NPS's 0–10, a choice's options (in the form's order). */
const distributionSchema = z.array(z.strictObject({ value: z.string(), count: z.number().int() }));

/** `GET /v1/events/:id/evaluation/summary`. */
export const evaluationSummarySchema = z.strictObject({
  /** Registrations that answered, and the event's confirmed registrations (the rate's base). */
  answers: z.number().int(),
  participants: z.number().int(),
  questions: z.array(z.strictObject({
    id: z.string(), type: z.enum(EVALUATION_QUESTION_TYPES), label: z.string(),
    /** How many answered this question (an optional one may be skipped). */
    answers: z.number().int(),
    /** Rating and NPS: the mean, to two decimals; null without answers or for the other kinds. */
    average: z.number().nullable(),
    /** Every value the question offers, with zeros; empty for text. */
    distribution: distributionSchema,
    /** NPS: promoters (9–10), passives (7–8), detractors (0–6) and the score, −100 to 100. */
    nps: z.strictObject({ promoters: z.number().int(), passives: z.number().int(), detractors: z.number().int(), score: z.number().int() }).nullable(),
    /** Text: the latest answers (EVALUATION_LIMITS.latestTexts), newest first. */
    latest: z.array(evaluationTextAnswerSchema),
  })),
});
export type EvaluationSummary = z.infer<typeof evaluationSummarySchema>;
export const evaluationSummaryResponseSchema = resultEnvelope(evaluationSummarySchema);

/** `/v1/events/:id/evaluation/questions/:questionId/answers`: one text question of the event's form. */
export const evaluationQuestionParamsSchema = evaluationParamsSchema.extend({ questionId: z.string().max(100) });

/** Page paging of API.md: from 1, `limit` at most MAX_PAGE_SIZE. */
export const evaluationTextAnswersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type EvaluationTextAnswersQuery = z.output<typeof evaluationTextAnswersQuerySchema>;

export const evaluationTextAnswersResponseSchema = pagedEnvelope(evaluationTextAnswerSchema);
export type EvaluationTextAnswers = z.infer<typeof evaluationTextAnswersResponseSchema>['data'];

/** `GET /v1/events/:id/evaluation/export?format=csv|xlsx`: one row per answer, a column per question. */
export const evaluationExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });
