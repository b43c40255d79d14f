import type { FastifyInstance } from 'fastify';
import { MAINTENANCE } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { MaintenanceService } from './maintenance.service.js';

export function maintenanceRoutes(app: FastifyInstance, service: MaintenanceService) {
  route(app, MAINTENANCE.get, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await service.get() };
  });

  route(app, MAINTENANCE.set, async (request) => ({ data: await service.set(request.body) }));
}
