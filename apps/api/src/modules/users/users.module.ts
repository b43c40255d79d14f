import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export function createUsersModule({ db }: { db: Db }) {
  const users = new UsersService(db);
  return { routes: (app: FastifyInstance) => usersRoutes(app, users) };
}
