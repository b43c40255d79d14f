import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { platformRoutes } from './platform.routes.js';
import { PlatformService } from './platform.service.js';

export function createPlatformModule({ db }: { db: Db }) {
  const platform = new PlatformService(db);
  return { routes: (app: FastifyInstance) => platformRoutes(app, platform) };
}
