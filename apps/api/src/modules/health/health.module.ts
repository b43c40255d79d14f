import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness: a database ping, no service or repository. */
export function createHealthModule({ database }: { database: Database }) {
  return { routes: (app: FastifyInstance) => healthRoutes(app, database) };
}
