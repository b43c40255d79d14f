import { z } from 'zod';
import { API_KEY_MSG, API_KEY_NAME_MAX, API_KEY_SCOPES } from '../api-keys.js';
import { envelope } from './common.js';

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** `POST /v1/organization/api-keys`: a name and at least one scope, each once. */
export const createApiKeySchema = z.object({
  name: z.string({ error: API_KEY_MSG.nameRequired }).trim().min(1, API_KEY_MSG.nameRequired).max(API_KEY_NAME_MAX, API_KEY_MSG.nameMax),
  scopes: z.array(apiKeyScopeSchema, { error: API_KEY_MSG.scopesRequired }).min(1, API_KEY_MSG.scopesRequired).max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, API_KEY_MSG.scopesRequired),
}).strict();
export type CreateApiKey = z.input<typeof createApiKeySchema>;

/** The key itself, answered once: only its SHA-256 hash is kept. */
export const createdApiKeySchema = z.object({ id: z.string(), key: z.string() });
export const createApiKeyResponseSchema = envelope(z.object({ result: createdApiKeySchema }));

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (`eo_live_ab12cd34`). */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResponseSchema = envelope(z.object({ docs: z.array(apiKeySchema) }));

/** Any id up to 100 characters: one that names no key of the organization is 404, as an unknown one. */
export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const revokedApiKeyResponseSchema = envelope(z.object({ result: apiKeySchema.extend({ revokedAt: z.string() }) }));
