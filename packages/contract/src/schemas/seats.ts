import { z } from 'zod';
import { resultEnvelope } from './common.js';
import { pagedQuery } from './lists.js';
import { registrantFiltersSchema, REGISTRANT_SORT_PARAMS } from './participants.js';

/** The event a seats call acts on (`/v1/events/:id/...`). */
export const seatEventParamsSchema = z.object({ id: z.string().max(100) });

/**
 * `GET /v1/events/:id/registrations/pending`: the registrations waiting for a decision, oldest
 * first by default, in the participant list's shape (every answer and file).
 */
export const pendingQuerySchema = pagedQuery(registrantFiltersSchema.pick({ name: true, email: true }), REGISTRANT_SORT_PARAMS)
  .extend({ sortBy: z.enum(['asc', 'desc']).default('asc') });
export type PendingQuery = z.output<typeof pendingQuerySchema>;

export const DECISIONS = ['approve', 'decline'] as const;
export type Decision = (typeof DECISIONS)[number];
/** Most registrations one decision call takes. */
export const MAX_DECISIONS = 100;
/** Longest reason a decline carries to the person. */
export const DECISION_REASON_MAX = 500;

export const decisionsBodySchema = z.object({
  registrantIds: z.array(z.string().max(100)).min(1).max(MAX_DECISIONS),
  decision: z.enum(DECISIONS),
  /** Told to the person in their mail. */
  reason: z.string().trim().max(DECISION_REASON_MAX).nullish(),
});
export type DecisionsBody = z.output<typeof decisionsBodySchema>;

/** Per registration: approved (seat taken, e-ticket mailed), declined (mailed), sold out, or not waiting. */
export const DECISION_OUTCOMES = ['approved', 'declined', 'TICKET_SOLD_OUT', 'NOT_PENDING'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const decisionsResponseSchema = resultEnvelope(z.array(z.object({ registrantId: z.string(), outcome: z.enum(DECISION_OUTCOMES) })));
export type DecisionResult = z.infer<typeof decisionsResponseSchema>['data']['result'];
