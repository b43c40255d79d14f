import type { FastifyInstance } from 'fastify';
import { PLATFORM, PLATFORM_MSG } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { PlatformService } from './platform.service.js';

/** Platform intake (API.md): the participant app's calls, behind `X-Platform-Key` (plugins/auth.ts). */
export function platformRoutes(app: FastifyInstance, platform: PlatformService) {
  route(app, PLATFORM.views, async (request, reply) => {
    await platform.recordViews(request.params.eventId);
    return reply.status(204).send();
  });

  route(app, PLATFORM.save, async (request, reply) => {
    await platform.save(request.params.eventId, request.params.userRef);
    return reply.status(204).send();
  });

  route(app, PLATFORM.unsave, async (request, reply) => {
    await platform.unsave(request.params.eventId, request.params.userRef);
    return reply.status(204).send();
  });

  route(app, PLATFORM.register, async (request) => ({ data: { result: await platform.register(request.params.eventId, request.body) } }));

  route(app, PLATFORM.refund, async (request) => {
    const { transactionId } = request.params;
    await platform.refund(transactionId);
    return { data: { result: { transactionId, status: 'refund' as const } }, message: PLATFORM_MSG.refunded };
  });
}
