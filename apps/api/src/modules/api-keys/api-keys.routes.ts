import type { FastifyInstance } from 'fastify';
import { API_KEY_MSG, API_KEYS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { ApiKeysService } from './api-keys.service.js';

export function apiKeysRoutes(app: FastifyInstance, keys: ApiKeysService) {
  route(app, API_KEYS.list, async (request) => ({ data: { docs: await keys.list(callerOf(request)) } }));

  route(app, API_KEYS.create, async (request) => ({ message: API_KEY_MSG.created, data: { result: await keys.create(callerOf(request), request.body) } }));

  route(app, API_KEYS.revoke, async (request) => ({ message: API_KEY_MSG.revoked, data: { result: await keys.revoke(callerOf(request), request.params.id) } }));
}
