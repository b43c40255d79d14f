import type { EndpointAddress } from '../endpoint.js';

/** The API keys section's calls, by address: the Integrasi screen calls them without zod (`callAt`). */
export const API_KEYS_ADDRESS = {
  list: { method: 'GET', path: '/v1/organization/api-keys', access: 'user' },
  create: { method: 'POST', path: '/v1/organization/api-keys', access: 'user' },
  revoke: { method: 'DELETE', path: '/v1/organization/api-keys/:id', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
