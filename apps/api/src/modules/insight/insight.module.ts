import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { insightRoutes } from './insight.routes.js';
import { InsightService } from './insight.service.js';

export function createInsightModule({ db }: { db: Db }) {
  const insight = new InsightService(db);
  return { routes: (app: FastifyInstance) => insightRoutes(app, insight) };
}
