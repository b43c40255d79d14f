import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankListResponseSchema, BANKS } from '@eo/contract';

const SORTED = [...BANKS].sort((a, b) => a.name.localeCompare(b.name, 'id'));

/** `GET /v1/banks`: the banks a withdrawal can go to (static data, signed-in users). */
export function banksRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/v1/banks', {
    schema: { tags: ['payouts'], response: { 200: bankListResponseSchema } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return { data: { docs: SORTED.map((b) => ({ code: b.code, name: b.name })) } };
  });
}
