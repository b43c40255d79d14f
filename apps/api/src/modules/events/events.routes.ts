import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventTotalsResponseSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { ownerScope } from '../../lib/scope.js';
import { countByGroup } from './events.repository.js';

export function eventsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/events/total', {
    schema: { tags: ['events'], response: { 200: eventTotalsResponseSchema } },
  }, async (request) => ({ data: await countByGroup(db, ownerScope(callerOf(request)), new Date()) }));
}
