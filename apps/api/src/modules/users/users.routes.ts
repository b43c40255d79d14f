import type { FastifyInstance } from 'fastify';
import { ADMIN } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { Db } from '../../db/client.js';
import { createUser } from './users.service.js';

export function usersRoutes(app: FastifyInstance, db: Db) {
  route(app, ADMIN.createUser, async (request) => {
    const id = await createUser(db, request.body);
    return { data: { result: { id, email: request.body.email } } };
  });
}
