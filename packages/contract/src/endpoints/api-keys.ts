import { endpoint } from '../endpoint.js';
import { API_KEYS_ADDRESS as A } from './api-keys-address.js';
import {
  apiKeyListResponseSchema, apiKeyParamsSchema, createApiKeyResponseSchema, createApiKeySchema, revokedApiKeyResponseSchema,
} from '../schemas/api-keys.js';

const tags = ['integrations'] as const;

/**
 * API.md, Integrations: the organization's API keys (the one `X-Organization-Id` names), kept by
 * its owners and admins. A key is shown once, when made; a revoked key stops at its next call.
 */
export const API_KEYS = {
  list: endpoint({ ...A.list, tags, action: 'integrations', status: 200, response: apiKeyListResponseSchema }),
  create: endpoint({
    ...A.create, tags, action: 'integrations', body: createApiKeySchema, status: 201, response: createApiKeyResponseSchema,
  }),
  revoke: endpoint({
    ...A.revoke, tags, action: 'integrations', params: apiKeyParamsSchema, status: 200, response: revokedApiKeyResponseSchema,
  }),
};
