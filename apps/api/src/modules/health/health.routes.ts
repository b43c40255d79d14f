import type { FastifyInstance } from 'fastify';
import { HEALTH } from '@eo/contract';
import type { Database } from '../../db/client.js';
import { route } from '../../plugins/endpoint-route.js';

export function healthRoutes(app: FastifyInstance, database: Database) {
  route(app, HEALTH.live, async () => ({ status: 'ok' as const }));
  route(app, HEALTH.ready, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' as const, database: 'postgres' as const };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' as const });
    }
  });
}
