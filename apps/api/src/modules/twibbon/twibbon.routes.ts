import type { FastifyInstance } from 'fastify';
import { EVENTS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { TwibbonService } from './twibbon.service.js';

export function twibbonRoutes(app: FastifyInstance, twibbon: TwibbonService) {
  route(app, EVENTS.customKeyFree, async (request) => {
    await twibbon.assertKeyFree(callerOf(request), request.query.customKey, request.query.eventIdNe);
    return { data: { result: true as const } };
  });
}
