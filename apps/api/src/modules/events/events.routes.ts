import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EVENT_RESULT_MSG, eventDetailResponseSchema, eventIdOptionalQuerySchema, eventIdQuerySchema, eventListQuerySchema,
  eventListResponseSchema, eventPayloadSchema, eventTotalsResponseSchema,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ownerScope, type OwnerScope } from '../../lib/scope.js';
import { callerOf } from '../../plugins/auth.js';
import { eventDetail } from './event-detail.repository.js';
import { listEvents } from './event-lists.repository.js';
import type { EventWriteService } from './event-write.service.js';
import { countByGroup } from './events.repository.js';

export function eventsRoutes(app: FastifyInstance, db: Db, writer: EventWriteService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  const detail = async (scope: OwnerScope, id: string) => {
    const result = isUuid(id) ? await eventDetail(db, scope, id) : undefined;
    if (!result) throw notFound();
    return result;
  };
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw notFound();
    return id;
  };

  r.get('/v1/events/total', {
    schema: { tags, response: { 200: eventTotalsResponseSchema } },
  }, async (request) => ({ data: await countByGroup(db, ownerScope(callerOf(request)), new Date()) }));

  r.get('/v1/events/lists', {
    schema: { tags, querystring: eventListQuerySchema, response: { 200: eventListResponseSchema } },
  }, async (request) => {
    const q = request.query;
    return { data: await listEvents(db, ownerScope(callerOf(request)), q.showConcludedEvent ? 'passed' : 'active', q, new Date()) };
  });

  r.get('/v1/events/draft/lists', {
    schema: { tags, querystring: eventListQuerySchema, response: { 200: eventListResponseSchema } },
  }, async (request) => ({ data: await listEvents(db, ownerScope(callerOf(request)), 'draft', request.query, new Date()) }));

  r.get('/v1/events/detail', {
    schema: { tags, querystring: eventIdQuerySchema, response: { 200: eventDetailResponseSchema } },
  }, async (request) => ({ data: { result: await detail(ownerScope(callerOf(request)), request.query.id) } }));

  // Submit a new event, or publish a draft with `?id=`.
  r.post('/v1/events/create', {
    schema: { tags, querystring: eventIdOptionalQuerySchema, body: eventPayloadSchema, response: { 201: eventDetailResponseSchema } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const id = request.query.id
      ? await writer.update(caller, checkedId(request.query.id), request.body, 'publish')
      : await writer.create(caller, request.body, 'submit');
    return reply.status(201).send({ data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.created });
  });

  r.put('/v1/events/update', {
    schema: { tags, querystring: eventIdQuerySchema, body: eventPayloadSchema, response: { 200: eventDetailResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'edit');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.edited };
  });

  r.post('/v1/events/draft/create', {
    schema: { tags, body: eventPayloadSchema, response: { 201: eventDetailResponseSchema } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const id = await writer.create(caller, request.body, 'draft');
    return reply.status(201).send({ data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.draftCreated });
  });

  r.put('/v1/events/draft/update', {
    schema: { tags, querystring: eventIdQuerySchema, body: eventPayloadSchema, response: { 200: eventDetailResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'draft');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.draftEdited };
  });
}
