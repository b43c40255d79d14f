import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventsService } from '../events/events.service.js';
import { makerAssets } from './maker-page.js';
import { PublicTwibbonService } from './public-twibbon.service.js';
import { publicTwibbonRoutes, twibbonRoutes } from './twibbon.routes.js';
import { TwibbonService } from './twibbon.service.js';

export function createTwibbonModule({ db, events, webDist, publicUrl, siteName, secret }: {
  db: Db; events: EventsService; webDist?: string; publicUrl: string; secret: string;
  /** The site's name on the maker page (config.publicSiteName). */
  siteName: string;
}) {
  const twibbon = new TwibbonService(events);
  const publicTwibbons = new PublicTwibbonService(db, publicUrl, secret);
  // Read once: the maker's script name only changes with a new web build (and a restart).
  const assets = makerAssets(webDist);
  return {
    routes: (app: FastifyInstance) => {
      twibbonRoutes(app, twibbon);
      publicTwibbonRoutes(app, publicTwibbons, { assets, siteName });
    },
  };
}
