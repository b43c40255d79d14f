import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export function healthRoutes(app: FastifyInstance, database: Database) {
  const hide = { hide: true };
  app.get('/healthz', { config: { access: 'public' }, schema: hide }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' }, schema: hide }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
