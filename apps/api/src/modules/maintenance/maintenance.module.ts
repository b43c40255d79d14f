import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { maintenanceRoutes } from './maintenance.routes.js';
import { MaintenanceService } from './maintenance.service.js';

export function createMaintenanceModule({ db, url, log }: { db: Db; url: string | undefined; log: FastifyBaseLogger }) {
  const maintenance = new MaintenanceService(db, url, log);
  return { maintenance, routes: (app: FastifyInstance) => maintenanceRoutes(app, maintenance) };
}
