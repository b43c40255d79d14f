import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { ApiKeyAuth } from './api-key-auth.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeysService } from './api-keys.service.js';

/** Organization API keys: their routes, and `auth`, which the access gate asks who an `eo_live_…` bearer is. */
export function createApiKeysModule({ db }: { db: Db }) {
  const keys = new ApiKeysService(db);
  return { auth: new ApiKeyAuth(db), routes: (app: FastifyInstance) => apiKeysRoutes(app, keys) };
}
