import type { FastifyInstance } from 'fastify';
import { ADMIN } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(app: FastifyInstance, users: UsersService) {
  route(app, ADMIN.createUser, async (request) => {
    const id = await users.create(request.body);
    return { data: { result: { id, email: request.body.email } } };
  });
}
