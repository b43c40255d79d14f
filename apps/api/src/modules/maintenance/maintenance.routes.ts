import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintenanceResponseSchema, maintenanceSchema } from '@eo/contract';
import type { MaintenanceService } from './maintenance.service.js';

export function maintenanceRoutes(app: FastifyInstance, service: MaintenanceService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/maintenance', {
    config: { access: 'public' },
    schema: { tags: ['maintenance'], response: { 200: maintenanceResponseSchema } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await service.get() };
  });

  r.put('/v1/admin/maintenance', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], body: maintenanceSchema, response: { 200: maintenanceResponseSchema } },
  }, async (request) => ({ data: await service.set(request.body) }));
}
