import { z } from 'zod';
import { fill, OWN_MSG } from '../messages.js';
import { EVALUATION_LIMITS as L, EVALUATION_MSG as M, EVALUATION_QUESTION_TYPES } from '../messages-evaluation.js';
import { resultEnvelope } from './common.js';

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
