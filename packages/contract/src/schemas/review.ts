import { z } from 'zod';
import { fill, REVIEW_MSG } from '../messages.js';
import { envelope } from './common.js';
import { revisionChangeSchema } from './event-detail.js';
import { eventListItemSchema } from './event-list.js';
import { pagedEnvelope, pagedQuery } from './lists.js';

export const REVIEW_REASON_MAX = 500;
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** `POST /v1/admin/events/{id}/approval`: a rejection says why (the organizer is mailed it). */
export const approvalBodySchema = z.object({
  approvedStatus: z.enum(REVIEW_DECISIONS),
  reason: z.string().trim().max(REVIEW_REASON_MAX, fill(REVIEW_MSG.reasonMax, { n: REVIEW_REASON_MAX })).optional(),
}).superRefine((b, ctx) => {
  if (b.approvedStatus === 'rejected' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REVIEW_MSG.reasonRequired });
});
export type ApprovalBody = z.infer<typeof approvalBodySchema>;
export const approvalParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const approvalResponseSchema = envelope(z.object({
  result: z.object({ id: z.string(), approvedStatus: z.enum(REVIEW_DECISIONS), reason: z.string().nullable() }),
}));

/** `GET /v1/admin/events/review`: oldest waiting first, so the queue is worked in order. */
export const reviewListQuerySchema = pagedQuery(z.object({ name: z.string().max(120).optional() }).strict(), ['updatedAt', 'createdAt', 'name'] as const)
  .extend({ sortBy: z.enum(['asc', 'desc']).default('asc') });
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;
export const reviewItemSchema = eventListItemSchema.extend({
  organizerName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  firstEventAt: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListResponseSchema = pagedEnvelope(reviewItemSchema);

export const REVISION_DECISIONS = ['approve', 'reject'] as const;

/** `POST /v1/admin/events/{id}/revision`: publishes or drops the waiting revision; a rejection says why. */
export const revisionDecisionSchema = z.object({
  decision: z.enum(REVISION_DECISIONS),
  reason: z.string().trim().max(REVIEW_REASON_MAX, fill(REVIEW_MSG.reasonMax, { n: REVIEW_REASON_MAX })).optional(),
}).superRefine((b, ctx) => {
  if (b.decision === 'reject' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REVIEW_MSG.reasonRequired });
});
export type RevisionDecision = z.infer<typeof revisionDecisionSchema>;
export const revisionDecisionResponseSchema = envelope(z.object({
  result: z.object({ id: z.string(), decision: z.enum(REVISION_DECISIONS), reason: z.string().nullable() }),
}));

/** `GET /v1/admin/events/revisions`: approved events with a waiting revision, oldest first. */
export const revisionListQuerySchema = pagedQuery(z.object({}).strict(), ['submittedAt'] as const)
  .extend({ sortBy: z.enum(['asc', 'desc']).default('asc') });
export type RevisionListQuery = z.output<typeof revisionListQuerySchema>;
export const revisionItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizerName: z.string().nullable(),
  email: z.string(),
  submittedAt: z.string(),
  changes: z.array(revisionChangeSchema),
});
export type RevisionItem = z.infer<typeof revisionItemSchema>;
export const revisionListResponseSchema = pagedEnvelope(revisionItemSchema);
