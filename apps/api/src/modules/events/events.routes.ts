import type { FastifyInstance } from 'fastify';
import { EVENT_RESULT_MSG, EVENTS } from '@eo/contract';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { EventWriteService } from './event-write.service.js';
import type { EventsService } from './events.service.js';

export function eventsRoutes(app: FastifyInstance, events: EventsService, writer: EventWriteService) {
  // A malformed id is an unknown event, before its body is judged.
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw notFound();
    return id;
  };

  route(app, EVENTS.totals, async (request) => ({ data: await events.totals(callerOf(request)) }));

  route(app, EVENTS.list, async (request) => {
    const q = request.query;
    return { data: await events.list(callerOf(request), q.showConcludedEvent ? 'passed' : 'active', q) };
  });

  route(app, EVENTS.draftList, async (request) => ({ data: await events.list(callerOf(request), 'draft', request.query) }));

  route(app, EVENTS.detail, async (request) => ({ data: { result: await events.detail(callerOf(request), request.query.id) } }));

  route(app, EVENTS.create, async (request) => {
    const caller = callerOf(request);
    const id = request.query.id
      ? await writer.update(caller, checkedId(request.query.id), request.body, 'publish')
      : await writer.create(caller, request.body, 'submit');
    return { data: { result: await events.detail(caller, id) }, message: EVENT_RESULT_MSG.created };
  });

  route(app, EVENTS.update, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'edit');
    const result = await events.detail(caller, id);
    return { data: { result }, message: result.revision ? EVENT_RESULT_MSG.editedAwaitingReview : EVENT_RESULT_MSG.edited };
  });

  route(app, EVENTS.createDraft, async (request) => {
    const caller = callerOf(request);
    const id = await writer.create(caller, request.body, 'draft');
    return { data: { result: await events.detail(caller, id) }, message: EVENT_RESULT_MSG.draftCreated };
  });

  route(app, EVENTS.updateDraft, async (request) => {
    const caller = callerOf(request);
    const id = await writer.update(caller, checkedId(request.query.id), request.body, 'draft');
    return { data: { result: await events.detail(caller, id) }, message: EVENT_RESULT_MSG.draftEdited };
  });
}
