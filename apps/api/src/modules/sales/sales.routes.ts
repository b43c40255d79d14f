import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eoSummaryResponseSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { ownerScope } from '../../lib/scope.js';
import { eoSummary } from './sales.repository.js';

export function salesRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/transactions/eo/summary', {
    schema: { tags: ['sales'], response: { 200: eoSummaryResponseSchema } },
  }, async (request) => ({ data: { result: await eoSummary(db, ownerScope(callerOf(request))) } }));
}
