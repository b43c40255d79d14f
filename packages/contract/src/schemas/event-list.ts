import { z } from 'zod';
import { afterCursorSchema, nextCursorSchema } from './keyset.js';
import { pagedEnvelopeOf, pagedQuery, queryBool } from './lists.js';

export const EVENT_SORT_PARAMS = ['createdAt', 'updatedAt', 'name'] as const;

export const eventListFiltersSchema = z.object({
  name: z.string().max(120).optional(),
  isPaidEvent: z.boolean().optional(),
}).strict();

/** `GET /v1/events/lists` and `GET /v1/events/draft/lists`. */
export const eventListQuerySchema = pagedQuery(eventListFiltersSchema, EVENT_SORT_PARAMS).extend({
  showSponsored: queryBool.optional(),
  /** History (published, last date passed) instead of active. */
  showConcludedEvent: queryBool.optional(),
  /** Narrow to one creator; never widens beyond the caller's own events. */
  creatorEmail: z.string().max(254).optional(),
  creator: z.string().max(254).optional(),
  /** The certificate event search sends the name as its own parameter (spec section 7). */
  name: z.string().max(120).optional(),
  /** The previous page's `nextCursor`: this page starts after its last row (`page` is then only reported back). */
  after: afterCursorSchema.optional(),
}).transform(({ name, ...q }) => (name && !q.filters.name ? { ...q, filters: { ...q.filters, name } } : q));
export type EventListQuery = z.output<typeof eventListQuerySchema>;

/** Event list item of spec section 3. */
export const eventListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  isPaidEvent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedStatus: z.string(),
  email: z.string(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;
export const eventListResponseSchema = pagedEnvelopeOf(eventListItemSchema, { nextCursor: nextCursorSchema });
