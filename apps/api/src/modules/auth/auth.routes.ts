import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema, rolesResponseSchema,
} from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(app: FastifyInstance, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/login/email', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
  }, async (request) => ({ data: await auth.login(request.body, request.ip) }));

  r.post('/v1/login/refresh', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: refreshRequestSchema, response: { 200: refreshResponseSchema } },
  }, async (request) => ({ data: { tokenData: await auth.refresh(request.body.refreshToken) } }));

  r.post('/v1/logout', {
    schema: { tags: ['auth'], response: { 204: z.null() } },
  }, async (request, reply) => {
    await auth.logout(callerOf(request).sessionId);
    return reply.status(204).send(null);
  });

  r.get('/v1/roles/me', {
    schema: { tags: ['auth'], response: { 200: rolesResponseSchema } },
  }, async (request) => ({ data: { docs: callerOf(request).roles.map((name) => ({ role: { name } })) } }));
}
