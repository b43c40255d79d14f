import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLATFORM_MSG, platformEventParamsSchema, platformSaveParamsSchema, platformTransactionParamsSchema,
  platformRefundResponseSchema, platformRegistrationBodySchema, platformRegistrationResponseSchema,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { PlatformService } from './platform.service.js';

/** Platform intake (API.md): the participant app's calls, behind `X-Platform-Key` (plugins/auth.ts). */
export function platformRoutes(app: FastifyInstance, db: Db) {
  const platform = new PlatformService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'platform' as const };
  const tags = ['platform'];

  r.post('/v1/platform/events/:eventId/views', {
    config, schema: { tags, params: platformEventParamsSchema },
  }, async (request, reply) => {
    await platform.recordViews(request.params.eventId);
    return reply.status(204).send();
  });

  r.put('/v1/platform/events/:eventId/saves/:userRef', {
    config, schema: { tags, params: platformSaveParamsSchema },
  }, async (request, reply) => {
    await platform.save(request.params.eventId, request.params.userRef);
    return reply.status(204).send();
  });

  r.delete('/v1/platform/events/:eventId/saves/:userRef', {
    config, schema: { tags, params: platformSaveParamsSchema },
  }, async (request, reply) => {
    await platform.unsave(request.params.eventId, request.params.userRef);
    return reply.status(204).send();
  });

  r.post('/v1/platform/events/:eventId/registrations', {
    config, schema: { tags, params: platformEventParamsSchema, body: platformRegistrationBodySchema, response: { 201: platformRegistrationResponseSchema } },
  }, async (request, reply) => {
    const result = await platform.register(request.params.eventId, request.body);
    return reply.status(201).send({ data: { result } });
  });

  r.post('/v1/platform/transactions/:transactionId/refund', {
    config, schema: { tags, params: platformTransactionParamsSchema, response: { 200: platformRefundResponseSchema } },
  }, async (request) => {
    const { transactionId } = request.params;
    await platform.refund(transactionId);
    return { data: { result: { transactionId, status: 'refund' as const } }, message: PLATFORM_MSG.refunded };
  });
}
