import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { authRoutes, type RefreshCookieSettings } from './auth.routes.js';
import { AuthService, type AuthSettings } from './auth.service.js';

/** `auth` also authenticates every request (plugins/auth.ts) and the invoice links' bearer callers. */
export function createAuthModule({ db, config }: { db: Db; config: AuthSettings & RefreshCookieSettings }) {
  const auth = new AuthService(db, config);
  return { auth, routes: (app: FastifyInstance) => authRoutes(app, auth, config) };
}
