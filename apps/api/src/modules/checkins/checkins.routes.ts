import type { FastifyInstance } from 'fastify';
import { CHECKIN_MSG, CHECKINS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { CheckinsService } from './checkins.service.js';

/** Check-in at the door (API.md, "Check-in and attendance"). */
export function checkinsRoutes(app: FastifyInstance, checkins: CheckinsService) {
  route(app, CHECKINS.checkIn, async (request) => ({
    data: { result: await checkins.checkIn(callerOf(request), request.params.id, request.body) }, message: CHECKIN_MSG.checkedIn,
  }));

  route(app, CHECKINS.undo, async (request, reply) => {
    await checkins.undo(callerOf(request), request.params.id, request.params.registrantId, request.query.sessionId);
    return reply.status(204).send(null);
  });

  route(app, CHECKINS.summary, async (request) => ({ data: { result: await checkins.summary(callerOf(request), request.params.id) } }));

  route(app, CHECKINS.offlinePack, async (request) => ({ data: { result: await checkins.offlinePack(callerOf(request), request.params.id) } }));

  route(app, CHECKINS.search, async (request) => ({ data: { results: await checkins.search(callerOf(request), request.params.id, request.query.q, request.query.sessionId) } }));

  route(app, CHECKINS.sync, async (request) => ({ data: { results: await checkins.sync(callerOf(request), request.params.id, request.body) } }));
}
