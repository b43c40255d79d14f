import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coinAccountQuerySchema, coinAccountResponseSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { ownerScope } from '../../lib/scope.js';
import { PayoutsService } from './payouts.service.js';

export function payoutsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const payouts = new PayoutsService(db);

  r.get('/v1/transactions/eo/coin', {
    schema: { tags, querystring: coinAccountQuerySchema, response: { 200: coinAccountResponseSchema } },
  }, async (request) => ({ data: { result: await payouts.coinAccount(ownerScope(callerOf(request)), request.query.eventId) } }));
}
