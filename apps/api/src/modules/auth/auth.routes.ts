import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH, MSG } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { unauthorized } from '../../lib/errors.js';
import type { AuthService } from './auth.service.js';

/**
 * The dashboard's refresh token travels in this HttpOnly cookie, so no script in the page
 * (an injected one included) can read it: SameSite=Strict, sent only to the refresh route,
 * Secure over https. Login and refresh set it; logout clears it. Other clients of API.md keep
 * sending the token in the body and get it in the body.
 */
export const REFRESH_COOKIE = 'eo_refresh';
export const REFRESH_COOKIE_PATH = '/v1/login/refresh';

export interface RefreshCookieSettings { refreshTokenTtl: number; publicUrl: string }

function secure(request: FastifyRequest, settings: RefreshCookieSettings) {
  return request.protocol === 'https' || settings.publicUrl.startsWith('https:');
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, settings: RefreshCookieSettings) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, maxAge: settings.refreshTokenTtl, secure: secure(request, settings),
  });
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, settings: RefreshCookieSettings) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: secure(request, settings) });
}

const isJson = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

export function authRoutes(app: FastifyInstance, auth: AuthService, settings: RefreshCookieSettings) {
  route(app, AUTH.login, async (request, reply) => {
    const data = await auth.login(request.body, request.ip);
    setRefreshCookie(request, reply, data.tokenData.refreshToken, settings);
    return { data };
  });

  route(app, AUTH.refresh, async (request, reply) => {
    const fromBody = request.body.refreshToken || undefined;
    const presented = fromBody ?? request.cookies[REFRESH_COOKIE];
    try {
      const { refreshToken, ...rest } = await auth.refresh(presented);
      setRefreshCookie(request, reply, refreshToken, settings);
      // Presented by the cookie: the new token goes back in the cookie only.
      return { data: { tokenData: fromBody ? { ...rest, refreshToken } : rest } };
    } catch (err) {
      if (!fromBody && presented !== undefined) clearRefreshCookie(request, reply, settings);
      throw err;
    }
  }, {
    // CSRF: a cookie-borne refresh must be a JSON request, which another site can only send
    // after a CORS preflight this server never grants (SameSite=Strict already keeps the cookie home).
    onRequest: async (request) => {
      if (request.cookies[REFRESH_COOKIE] !== undefined && !isJson(request)) throw unauthorized(MSG.restrictedAccess);
    },
  });

  route(app, AUTH.logout, async (request, reply) => {
    await auth.logout(callerOf(request).sessionId);
    clearRefreshCookie(request, reply, settings);
    return reply.status(204).send(null);
  });

  route(app, AUTH.roles, async (request) => ({ data: { docs: callerOf(request).roles.map((name) => ({ role: { name } })) } }));
}
