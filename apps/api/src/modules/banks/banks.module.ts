import type { FastifyInstance } from 'fastify';
import { banksRoutes } from './banks.routes.js';

/** Static reference data: no service or repository. */
export function createBanksModule() {
  return { routes: (app: FastifyInstance) => banksRoutes(app) };
}
