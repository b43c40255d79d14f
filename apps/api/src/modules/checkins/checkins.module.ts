import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { checkinsRoutes } from './checkins.routes.js';
import { CheckinsService } from './checkins.service.js';

export function createCheckinsModule({ db }: { db: Db }) {
  const checkins = new CheckinsService(db);
  return { routes: (app: FastifyInstance) => checkinsRoutes(app, checkins) };
}
