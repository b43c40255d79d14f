import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { evaluationRoutes } from './evaluation.routes.js';
import { EvaluationService } from './evaluation.service.js';

/** The routes of evaluation forms; its service also serves the e-ticket page's section. */
export function createEvaluationModule({ db }: { db: Db }) {
  const service = new EvaluationService(db);
  return { evaluation: service, routes: (app: FastifyInstance) => evaluationRoutes(app, service) };
}
