import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { EventWriteService } from './event-write.service.js';
import { eventsRoutes } from './events.routes.js';
import { EventsService } from './events.service.js';

/** The events module: its services (other modules read events through `events`) and its routes. */
export function createEventsModule({ db }: { db: Db }) {
  const events = new EventsService(db);
  const writer = new EventWriteService(db);
  return { events, writer, routes: (app: FastifyInstance) => eventsRoutes(app, events, writer) };
}
