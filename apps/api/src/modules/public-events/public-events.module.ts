import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../lib/storage/storage.js';
import { OgImageService } from './og-image.service.js';
import { publicEventsRoutes } from './public-events.routes.js';
import { PublicEventsService, type PublicEventsDeps } from './public-events.service.js';

export function createPublicEventsModule(deps: PublicEventsDeps & { storage: FileStore }) {
  const publicEvents = new PublicEventsService(deps);
  const ogImages = new OgImageService(deps);
  return { publicEvents, routes: (app: FastifyInstance) => publicEventsRoutes(app, publicEvents, ogImages) };
}
