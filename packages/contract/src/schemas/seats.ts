import { z } from 'zod';
import { WAITLIST_STATUSES } from '../enums.js';
import { envelope, resultEnvelope } from './common.js';
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

/** `POST /v1/public/tickets/:ticketCode/cancel`: the registration's own email, as a check. */
export const cancelOwnBodySchema = z.object({ email: z.string().trim().max(254).pipe(z.email()) });
export const cancelOwnParamsSchema = z.object({ ticketCode: z.string().max(100) });
export const cancelledResponseSchema = resultEnvelope(z.object({ status: z.literal('cancelled') }));

/** `POST /v1/events/:id/registrants/:registrantId/cancel`: the organizer cancels a free registration, mailed with the reason. */
export const cancelRegistrantParamsSchema = z.object({ id: z.string().max(100), registrantId: z.string().max(100) });
export const cancelRegistrantBodySchema = z.object({ reason: z.string().trim().max(500).nullish() });

/** `POST /v1/public/events/:eventId/waitlist`: the registration's body; the place and its position. */
export const waitlistJoinResponseSchema = resultEnvelope(z.object({ waitlistId: z.string(), position: z.number().int() }));
export const offerParamsSchema = z.object({ token: z.string().max(100) });
export const offerAcceptResponseSchema = resultEnvelope(z.object({ registrantId: z.string(), ticketCode: z.string(), status: z.literal('confirmed') }));

/** `GET /v1/events/:id/waitlist`: the event's waiting list in the order people joined. */
export const waitlistQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const waitlistEntrySchema = z.object({
  id: z.string(),
  /** Place in the ticket's queue among those waiting or offered; null once accepted, expired or removed. */
  position: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  offeredUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistResponseSchema = envelope(z.object({
  docs: z.array(waitlistEntrySchema), page: z.number().int(), limit: z.number().int(), totalDocs: z.number().int(), totalPages: z.number().int(),
}));
export const waitlistEntryParamsSchema = z.object({ id: z.string().max(100), waitlistId: z.string().max(100) });
