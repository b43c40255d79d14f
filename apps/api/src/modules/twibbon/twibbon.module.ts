import type { FastifyInstance } from 'fastify';
import type { EventsService } from '../events/events.service.js';
import { twibbonRoutes } from './twibbon.routes.js';
import { TwibbonService } from './twibbon.service.js';

export function createTwibbonModule({ events }: { events: EventsService }) {
  const twibbon = new TwibbonService(events);
  return { routes: (app: FastifyInstance) => twibbonRoutes(app, twibbon) };
}
