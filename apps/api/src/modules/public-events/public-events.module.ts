import type { FastifyInstance } from 'fastify';
import { publicEventsRoutes } from './public-events.routes.js';
import { PublicEventsService, type PublicEventsDeps } from './public-events.service.js';

export function createPublicEventsModule(deps: PublicEventsDeps) {
  const publicEvents = new PublicEventsService(deps);
  return { publicEvents, routes: (app: FastifyInstance) => publicEventsRoutes(app, publicEvents) };
}
