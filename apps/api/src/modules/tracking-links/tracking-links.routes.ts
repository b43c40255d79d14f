import type { FastifyInstance } from 'fastify';
import { TRACKING_LINKS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { TrackingLinksService } from './tracking-links.service.js';

/** Tracking links of an event and their counts (API.md, Integrations). */
export function trackingLinksRoutes(app: FastifyInstance, links: TrackingLinksService) {
  route(app, TRACKING_LINKS.list, async (request) => ({ data: { docs: await links.list(callerOf(request), request.params.id) } }));
  route(app, TRACKING_LINKS.create, async (request) => ({ data: { result: await links.create(callerOf(request), request.params.id, request.body) } }));
  route(app, TRACKING_LINKS.remove, async (request, reply) => {
    await links.remove(callerOf(request), request.params.id, request.params.code);
    return reply.status(204).send(null);
  });
  route(app, TRACKING_LINKS.insight, async (request) => ({ data: { docs: await links.insight(callerOf(request), request.params.id) } }));
}
