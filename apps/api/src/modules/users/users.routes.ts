import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUserResponseSchema, createUserSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { createUser } from './users.service.js';

export function usersRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/admin/users', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], body: createUserSchema, response: { 201: createUserResponseSchema } },
  }, async (request, reply) => {
    const id = await createUser(db, request.body);
    return reply.status(201).send({ data: { result: { id, email: request.body.email } } });
  });
}
