import type { EndpointAddress } from '../endpoint.js';

/**
 * The webhook calls (API.md, Integrations) by address: the Integrasi screen calls them without
 * zod (`callAt`), which keeps it within its first-load budget.
 */
const base = '/v1/organization/webhooks';
export const WEBHOOKS_ADDRESS = {
  create: { method: 'POST', path: base, access: 'user' },
  list: { method: 'GET', path: base, access: 'user' },
  update: { method: 'PATCH', path: `${base}/:webhookId`, access: 'user' },
  remove: { method: 'DELETE', path: `${base}/:webhookId`, access: 'user' },
  deliveries: { method: 'GET', path: `${base}/:webhookId/deliveries`, access: 'user' },
  retry: { method: 'POST', path: `${base}/:webhookId/deliveries/:deliveryId/retry`, access: 'user' },
  test: { method: 'POST', path: `${base}/:webhookId/test`, access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
