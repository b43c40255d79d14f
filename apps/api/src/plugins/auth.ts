import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, OWN_MSG, type EndpointAccess } from '@eo/contract';
import { hasDashboardRole, type Caller } from '../lib/caller.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { timingSafeEqual } from 'node:crypto';

declare module 'fastify' {
  /** Who may call a route (the contract's endpoint access). Default-deny: `user` unless it says otherwise. */
  interface FastifyContextConfig { access?: EndpointAccess }
  interface FastifyRequest { caller?: Caller }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The caller of a `user` or `admin` route; the hook below guarantees it is set there. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export function registerAuth(app: FastifyInstance, auth: AuthService, platformApiKey: string | undefined) {
  app.addHook('onRequest', async (request) => {
    // Unmatched URLs (404s, the web app's client routes) carry no route config.
    if (!request.routeOptions.url) return;
    const access = request.routeOptions.config?.access ?? 'user';
    if (access === 'public') return;
    if (access === 'platform') {
      const key = request.headers['x-platform-key'];
      if (!platformApiKey || typeof key !== 'string' || !sameKey(key, platformApiKey)) {
        throw unauthorized(OWN_MSG.platformKey);
      }
      return;
    }
    const token = bearer(request);
    const caller = token ? await auth.authenticate(token) : null;
    if (!caller) throw unauthorized();
    if (!hasDashboardRole(caller.roles)) throw forbidden(MSG.restricedAccess);
    if (access === 'admin' && !caller.isAdmin) throw forbidden(MSG.restricedAccess);
    request.caller = caller;
  });
}

/**
 * Registers a third-party plugin whose routes are all public (static files, the OpenAPI UI):
 * its routes get `access: 'public'` instead of the default-deny.
 */
export async function registerPublic(app: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: 'public' };
    });
    await register(scope);
  });
}
