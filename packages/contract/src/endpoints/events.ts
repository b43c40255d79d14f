import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { EVENTS_ADDRESS } from './addresses.js';
import { EVENT_MSG } from '../messages.js';
import { envelope } from '../schemas/common.js';
import { CUSTOM_KEY_RE, eventPayloadSchema, eventIdOptionalQuerySchema, eventIdQuerySchema } from '../schemas/event.js';
import { eventDetailResponseSchema } from '../schemas/event-detail.js';
import { eventListQuerySchema, eventListResponseSchema } from '../schemas/event-list.js';
import { eventTotalsResponseSchema } from '../schemas/dashboard.js';

const tags = ['events'] as const;

export const customKeyQuerySchema = z.object({
  customKey: z.string({ error: EVENT_MSG.customKey }).trim().min(1, EVENT_MSG.customKey).max(100).regex(CUSTOM_KEY_RE, EVENT_MSG.customKeyPattern),
  /** The event being edited: its own key does not count as taken. Ignored unless it is the caller's. */
  eventIdNe: z.string().max(100).optional(),
});

/** Spec section 4: the dashboard's events, their lists and the wizard's writes. */
export const EVENTS = {
  totals: endpoint({ action: 'events.read', ...EVENTS_ADDRESS.totals, tags, status: 200, response: eventTotalsResponseSchema }),
  list: endpoint({ action: 'events.read', ...EVENTS_ADDRESS.list, tags, query: eventListQuerySchema, status: 200, response: eventListResponseSchema }),
  draftList: endpoint({ action: 'events.read', ...EVENTS_ADDRESS.draftList, tags, query: eventListQuerySchema, status: 200, response: eventListResponseSchema }),
  detail: endpoint({ action: 'events.read', ...EVENTS_ADDRESS.detail, tags, query: eventIdQuerySchema, status: 200, response: eventDetailResponseSchema }),
  /** Submit a new event, or publish a draft with `?id=`. */
  create: endpoint({ action: 'events.write', method: 'POST', path: '/v1/events/create', tags, query: eventIdOptionalQuerySchema, body: eventPayloadSchema, status: 201, response: eventDetailResponseSchema }),
  update: endpoint({ action: 'events.write', method: 'PUT', path: '/v1/events/update', tags, query: eventIdQuerySchema, body: eventPayloadSchema, status: 200, response: eventDetailResponseSchema }),
  createDraft: endpoint({ action: 'events.write', method: 'POST', path: '/v1/events/draft/create', tags, body: eventPayloadSchema, status: 201, response: eventDetailResponseSchema }),
  updateDraft: endpoint({ action: 'events.write', method: 'PUT', path: '/v1/events/draft/update', tags, query: eventIdQuerySchema, body: eventPayloadSchema, status: 200, response: eventDetailResponseSchema }),
  /** Is this twibbon custom key free? 409 with the spec's message when another event has it. */
  customKeyFree: endpoint({ action: 'events.write', method: 'GET', path: '/v1/twibbons/existence', tags, query: customKeyQuerySchema, status: 200, response: envelope(z.object({ result: z.literal(true) })) }),
};
