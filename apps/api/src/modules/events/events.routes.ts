import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventListQuerySchema, eventListResponseSchema, eventTotalsResponseSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { ownerScope } from '../../lib/scope.js';
import { countByGroup } from './events.repository.js';
import { listEvents } from './event-lists.repository.js';

export function eventsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/events/total', {
    schema: { tags: ['events'], response: { 200: eventTotalsResponseSchema } },
  }, async (request) => ({ data: await countByGroup(db, ownerScope(callerOf(request)), new Date()) }));

  r.get('/v1/events/lists', {
    schema: { tags: ['events'], querystring: eventListQuerySchema, response: { 200: eventListResponseSchema } },
  }, async (request) => {
    const q = request.query;
    const group = q.showConcludedEvent ? 'passed' : 'active';
    return { data: await listEvents(db, ownerScope(callerOf(request)), group, q, new Date()) };
  });

  r.get('/v1/events/draft/lists', {
    schema: { tags: ['events'], querystring: eventListQuerySchema, response: { 200: eventListResponseSchema } },
  }, async (request) => ({ data: await listEvents(db, ownerScope(callerOf(request)), 'draft', request.query, new Date()) }));
}
