import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { trackingLinksRoutes } from './tracking-links.routes.js';
import { TrackingLinksService } from './tracking-links.service.js';

export function createTrackingLinksModule({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const trackingLinks = new TrackingLinksService(db, publicUrl);
  return { trackingLinks, routes: (app: FastifyInstance) => trackingLinksRoutes(app, trackingLinks) };
}
