import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MSG, API_KEY_PREFIX, MSG, ORGANIZATION_HEADER, OWN_MSG, type EndpointAccess, type RouteAction } from '@eo/contract';
import type { DbOrTx } from '../db/client.js';
import { enterOrganization, forbiddenScope } from '../lib/access.js';
import type { MembershipCache } from '../lib/membership-cache.js';
import { hasDashboardRole, type Caller } from '../lib/caller.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { ApiKeyAuth } from '../modules/api-keys/api-key-auth.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { ApiKeyLimit } from './api-key-rate-limit.js';
import { timingSafeEqual } from 'node:crypto';

declare module 'fastify' {
  /** Who may call a route (the contract's endpoint access). Default-deny: `user` unless it says otherwise. */
  interface FastifyContextConfig { access?: EndpointAccess; action?: RouteAction; organizationParam?: string }
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

/** Where a request came from, for the audit log. */
export const requestOrigin = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) });

/**
 * The caller of a public route that also takes a bearer token (a signed invoice link, an
 * invitation): undefined without one; a bad token is 401, a user without a dashboard role 403.
 */
export async function optionalCaller(request: FastifyRequest, auth: AuthService): Promise<Caller | undefined> {
  const token = bearer(request);
  if (!token) return undefined;
  const caller = await auth.authenticate(token);
  if (!caller) throw unauthorized();
  if (!hasDashboardRole(caller.roles)) throw forbidden(MSG.restricedAccess);
  return { ...caller, origin: requestOrigin(request) };
}

/** The caller of a `user` or `admin` route; the hook below guarantees it is set there. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * The organization a request names: the route's organization parameter, else the header. A `self`
 * route acts on the caller's own account: the header's organization (perhaps one they were just
 * removed from) does not matter there, so it is not entered.
 */
function organizationNamed(request: FastifyRequest, config: FastifyRequest['routeOptions']['config'] | undefined, action: RouteAction): string | undefined {
  const named = config?.organizationParam ? (request.params as Record<string, string | undefined>)[config.organizationParam]
    : action === 'self' ? undefined : request.headers[ORGANIZATION_HEADER];
  return typeof named === 'string' && named !== '' ? named : undefined;
}

export function registerAuth(
  app: FastifyInstance, db: DbOrTx, auth: AuthService, platformApiKey: string | undefined,
  { memberships, apiKeys }: { memberships?: MembershipCache; apiKeys?: { auth: ApiKeyAuth; limit: ApiKeyLimit } } = {},
) {
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
    const config = request.routeOptions.config;
    const action = config?.action ?? 'self';
    const origin = requestOrigin(request);
    // An organization API key: its own organization, within its scopes, through the same gate.
    if (token?.startsWith(API_KEY_PREFIX) && apiKeys) {
      const keyCaller = await apiKeys.auth.authenticate(token);
      if (!keyCaller) throw unauthorized(API_KEY_MSG.unknownKey);
      await apiKeys.limit(request, keyCaller.apiKey!.id);
      if (access === 'admin') throw forbiddenScope();
      request.caller = await enterOrganization(db, { ...keyCaller, origin }, organizationNamed(request, config, action), action);
      return;
    }
    const caller = token ? await auth.authenticate(token) : null;
    if (!caller) throw unauthorized();
    if (!hasDashboardRole(caller.roles)) throw forbidden(MSG.restricedAccess);
    if (access === 'admin' && !caller.isAdmin) throw forbidden(MSG.restricedAccess);
    const requested = organizationNamed(request, config, action);
    // Admin routes act platform-wide: no organization, no role. A named organization always passes the gate.
    if (access === 'admin') request.caller = { ...caller, origin };
    else request.caller = await enterOrganization(db, { ...caller, origin }, requested, action, memberships);
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
