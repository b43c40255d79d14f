import { emptyAnswer, endpoint } from '../endpoint.js';
import { TRACKING_LINKS_ADDRESS as A } from './tracking-links-address.js';
import {
  trackingLinkBodySchema, trackingLinkCodeParamsSchema, trackingLinkInsightResponseSchema, trackingLinkListResponseSchema, trackingLinkParamsSchema,
  trackingLinkResponseSchema,
} from '../schemas/tracking-links.js';

const tags = ['tracking-links'] as const;

/**
 * Tracking links of an event (API.md, Integrations): made and removed by those who edit the
 * event, read with it. A removed link stops counting visits; its registrants keep their `ref`.
 */
export const TRACKING_LINKS = {
  list: endpoint({
    action: 'events.read', ...A.list, tags, params: trackingLinkParamsSchema, status: 200, response: trackingLinkListResponseSchema,
  }),
  /** 409 TRACKING_CODE_TAKEN for a code the event already has, TRACKING_LINK_LIMIT past the cap. */
  create: endpoint({
    action: 'events.write', ...A.create, tags, params: trackingLinkParamsSchema, body: trackingLinkBodySchema,
    status: 201, response: trackingLinkResponseSchema,
  }),
  remove: endpoint({
    action: 'events.write', ...A.remove, tags, params: trackingLinkCodeParamsSchema,
    status: 204, response: emptyAnswer, answer: 'empty',
  }),
  /** Visits, registrations and check-ins per link, read like the rest of Insight. */
  insight: endpoint({
    action: 'events.read', ...A.insight, tags: ['insight'], params: trackingLinkParamsSchema,
    status: 200, response: trackingLinkInsightResponseSchema,
  }),
};
