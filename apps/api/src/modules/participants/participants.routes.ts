import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registrantExportQuerySchema, registrantListQuerySchema, registrantListResponseSchema } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { ownerScope } from '../../lib/scope.js';
import { sendTable } from '../../lib/table-export.js';
import { callerOf } from '../../plugins/auth.js';
import { listRegistrants, registrantExport } from './participants.service.js';

/** The Participant tab: Data Partisipan and its downloads. */
export function participantsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['participants'];

  r.get('/v1/event-regist/lists', {
    schema: { tags, querystring: registrantListQuerySchema, response: { 200: registrantListResponseSchema } },
  }, async (request) => ({ data: await listRegistrants(db, ownerScope(callerOf(request)), request.query) }));

  // The whole list in one streamed response (Download Data / Get CSV Participants): the
  // ownership check and filter validation answer JSON errors before the first byte is sent.
  r.get('/v1/event-regist/export', {
    schema: { tags, querystring: registrantExportQuerySchema, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  }, async (request, reply) => {
    const table = await registrantExport(db, ownerScope(callerOf(request)), request.query);
    return sendTable(reply, request.query.format, table);
  });
}
