import type { FastifyInstance } from 'fastify';
import { EVENT_RESULT_MSG, EVENTS } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ownerScope, type OwnerScope } from '../../lib/scope.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { eventDetail } from './event-detail.repository.js';
import { listEvents } from './event-lists.repository.js';
import type { EventWriteService } from './event-write.service.js';
import { countByGroup } from './events.repository.js';

export function eventsRoutes(app: FastifyInstance, db: Db, writer: EventWriteService) {

  const detail = async (scope: OwnerScope, id: string) => {
    const result = isUuid(id) ? await eventDetail(db, scope, id) : undefined;
    if (!result) throw notFound();
    return result;
  };
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw notFound();
    return id;
  };

  route(app, EVENTS.totals, async (request) => ({ data: await countByGroup(db, ownerScope(callerOf(request)), new Date()) }));

  route(app, EVENTS.list, async (request) => {
    const q = request.query;
    return { data: await listEvents(db, ownerScope(callerOf(request)), q.showConcludedEvent ? 'passed' : 'active', q, new Date()) };
  });

  route(app, EVENTS.draftList, async (request) => ({ data: await listEvents(db, ownerScope(callerOf(request)), 'draft', request.query, new Date()) }));

  route(app, EVENTS.detail, async (request) => ({ data: { result: await detail(ownerScope(callerOf(request)), request.query.id) } }));

  route(app, EVENTS.create, async (request) => {
    const caller = callerOf(request);
    const id = request.query.id
      ? await writer.update(caller, checkedId(request.query.id), request.body, 'publish')
      : await writer.create(caller, request.body, 'submit');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.created };
  });

  route(app, EVENTS.update, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'edit');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.edited };
  });

  route(app, EVENTS.createDraft, async (request) => {
    const caller = callerOf(request);
    const id = await writer.create(caller, request.body, 'draft');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.draftCreated };
  });

  route(app, EVENTS.updateDraft, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'draft');
    return { data: { result: await detail(ownerScope(caller), id) }, message: EVENT_RESULT_MSG.draftEdited };
  });
}
