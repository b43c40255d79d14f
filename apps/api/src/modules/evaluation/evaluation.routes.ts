import type { FastifyInstance } from 'fastify';
import { EVALUATION, EVALUATION_MSG } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { sendTable } from '../../lib/table-export.js';
import type { EvaluationService } from './evaluation.service.js';

/** The event's evaluation form (API.md, "Sessions, evaluation and certificate rules"). */
export function evaluationRoutes(app: FastifyInstance, service: EvaluationService) {
  route(app, EVALUATION.get, async (request) => ({ data: { result: await service.get(callerOf(request), request.params.id) } }));
  route(app, EVALUATION.put, async (request) => ({
    data: { result: await service.save(callerOf(request), request.params.id, request.body) }, message: EVALUATION_MSG.saved,
  }));
  route(app, EVALUATION.summary, async (request) => ({ data: { result: await service.summary(callerOf(request), request.params.id) } }));
  route(app, EVALUATION.textAnswers, async (request) => ({
    data: await service.textAnswers(callerOf(request), request.params.id, request.params.questionId, request.query),
  }));
  route(app, EVALUATION.export, async (request, reply) => {
    const table = await service.exportAnswers(callerOf(request), request.params.id, request.query.format);
    return sendTable(reply, request.query.format, table);
  });
  route(app, EVALUATION.publicGet, async (request) => ({ data: { result: await service.forTicket(request.params.ticketCode) } }));
  route(app, EVALUATION.publicAnswer, async (request) => ({
    data: { result: await service.answer(request.params.ticketCode, request.body) }, message: EVALUATION_MSG.answered,
  }));
}
