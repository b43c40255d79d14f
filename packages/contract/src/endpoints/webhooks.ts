import { endpoint } from '../endpoint.js';
import {
  createWebhookResponseSchema, createWebhookSchema, updateWebhookSchema, webhookDeliveriesQuerySchema, webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema, webhookDeliveryResponseSchema, webhookListResponseSchema, webhookParamsSchema, webhookResponseSchema,
} from '../schemas/webhooks.js';
import { WEBHOOKS_ADDRESS as A } from './webhooks-address.js';

const tags = ['webhooks'] as const;

/**
 * API.md, Integrations: the organization's webhook endpoints (the one named by
 * `X-Organization-Id`), their deliveries, a manual retry and a test event. A URL pointing at a
 * private, loopback or link-local address is refused with 400 `VALIDATION_ERROR` on `url`.
 */
export const WEBHOOKS = {
  create: endpoint({ ...A.create, tags, action: 'webhooks', body: createWebhookSchema, status: 201, response: createWebhookResponseSchema }),
  list: endpoint({ ...A.list, tags, action: 'webhooks', status: 200, response: webhookListResponseSchema }),
  update: endpoint({ ...A.update, tags, action: 'webhooks', params: webhookParamsSchema, body: updateWebhookSchema, status: 200, response: webhookResponseSchema }),
  remove: endpoint({ ...A.remove, tags, action: 'webhooks', params: webhookParamsSchema, status: 200, response: webhookResponseSchema }),
  deliveries: endpoint({
    ...A.deliveries, tags, action: 'webhooks', params: webhookParamsSchema, query: webhookDeliveriesQuerySchema, status: 200, response: webhookDeliveryListResponseSchema,
  }),
  /** Tries a failed (or delivered) delivery again now, with the same `webhook-id`. */
  retry: endpoint({
    ...A.retry, tags, action: 'webhooks', params: webhookDeliveryParamsSchema, status: 202, response: webhookDeliveryResponseSchema,
  }),
  /** Queues a `webhook.test` delivery to this endpoint. */
  test: endpoint({ ...A.test, tags, action: 'webhooks', params: webhookParamsSchema, status: 202, response: webhookDeliveryResponseSchema }),
};
