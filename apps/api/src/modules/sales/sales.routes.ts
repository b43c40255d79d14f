import type { FastifyInstance } from 'fastify';
import { SALES } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { sendTable } from '../../lib/table-export.js';
import type { SalesService } from './sales.service.js';

export function salesRoutes(app: FastifyInstance, sales: SalesService) {
  route(app, SALES.eoSummary, async (request) => ({ data: { result: await sales.eoSummary(callerOf(request)) } }));

  route(app, SALES.eventSummary, async (request) => ({ data: { result: await sales.summary(callerOf(request), request.params.id) } }));

  route(app, SALES.transactions, async (request) => ({ data: await sales.transactions(callerOf(request), request.params.id, request.query) }));

  route(app, SALES.exportTransactions, async (request, reply) => {
    const table = await sales.transactionExport(callerOf(request), request.params.id, request.query.filters, request.query.format);
    return sendTable(reply, request.query.format, table);
  });

  route(app, SALES.priceHistory, async (request) => {
    const { eventId, ticketId } = request.params;
    return { data: { result: await sales.priceHistory(callerOf(request), eventId, ticketId) } };
  });
}
