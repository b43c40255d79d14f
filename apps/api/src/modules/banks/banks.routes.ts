import type { FastifyInstance } from 'fastify';
import { BANKS, REFERENCE } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';

const SORTED = [...BANKS].sort((a, b) => a.name.localeCompare(b.name, 'id'));

/** `GET /v1/banks`: the banks a withdrawal can go to (static data, signed-in users). */
export function banksRoutes(app: FastifyInstance) {
  route(app, REFERENCE.banks, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return { data: { docs: SORTED.map((b) => ({ code: b.code, name: b.name })) } };
  });
}
