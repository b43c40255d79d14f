import { emptyAnswer, endpoint } from '../endpoint.js';
import { AUTH_ADDRESS } from './addresses.js';
import { loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema, rolesResponseSchema } from '../schemas/auth.js';

const tags = ['auth'] as const;

/** Spec section 1 (Login) and the session calls of API.md. */
export const AUTH = {
  login: endpoint({ ...AUTH_ADDRESS.login, tags, body: loginRequestSchema, status: 200, response: loginResponseSchema }),
  /** The refresh token comes in the body (other clients) or the dashboard's HttpOnly cookie. */
  refresh: endpoint({ ...AUTH_ADDRESS.refresh, tags, body: refreshRequestSchema, status: 200, response: refreshResponseSchema }),
  logout: endpoint({ action: 'self', ...AUTH_ADDRESS.logout, tags, status: 204, response: emptyAnswer, answer: 'empty' }),
  roles: endpoint({ action: 'self', method: 'GET', path: '/v1/roles/me', tags, status: 200, response: rolesResponseSchema }),
};
