import { endpoint } from '../endpoint.js';
import {
  createWebhookResponseSchema, createWebhookSchema, updateWebhookSchema, webhookDeliveriesQuerySchema, webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema, webhookDeliveryResponseSchema, webhookListResponseSchema, webhookParamsSchema, webhookResponseSchema,
} from '../schemas/webhooks.js';

const tags = ['webhooks'] as const;
const base = '/v1/organization/webhooks';

/**
 * API.md, Integrations: the organization's webhook endpoints (the one named by
 * `X-Organization-Id`), their deliveries, a manual retry and a test event. A URL pointing at a
 * private, loopback or link-local address is refused with 400 `VALIDATION_ERROR` on `url`.
 */
export const WEBHOOKS = {
  create: endpoint({ method: 'POST', path: base, tags, action: 'webhooks', body: createWebhookSchema, status: 201, response: createWebhookResponseSchema }),
  list: endpoint({ method: 'GET', path: base, tags, action: 'webhooks', status: 200, response: webhookListResponseSchema }),
  update: endpoint({ method: 'PATCH', path: `${base}/:webhookId`, tags, action: 'webhooks', params: webhookParamsSchema, body: updateWebhookSchema, status: 200, response: webhookResponseSchema }),
  remove: endpoint({ method: 'DELETE', path: `${base}/:webhookId`, tags, action: 'webhooks', params: webhookParamsSchema, status: 200, response: webhookResponseSchema }),
  deliveries: endpoint({
    method: 'GET', path: `${base}/:webhookId/deliveries`, tags, action: 'webhooks', params: webhookParamsSchema, query: webhookDeliveriesQuerySchema, status: 200, response: webhookDeliveryListResponseSchema,
  }),
  /** Tries a failed (or delivered) delivery again now, with the same `webhook-id`. */
  retry: endpoint({
    method: 'POST', path: `${base}/:webhookId/deliveries/:deliveryId/retry`, tags, action: 'webhooks', params: webhookDeliveryParamsSchema, status: 202, response: webhookDeliveryResponseSchema,
  }),
  /** Queues a `webhook.test` delivery to this endpoint. */
  test: endpoint({ method: 'POST', path: `${base}/:webhookId/test`, tags, action: 'webhooks', params: webhookParamsSchema, status: 202, response: webhookDeliveryResponseSchema }),
};
