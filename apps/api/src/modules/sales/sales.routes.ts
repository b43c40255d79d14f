import type { FastifyInstance } from 'fastify';
import { SALES } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { ownerScope } from '../../lib/scope.js';
import { sendTable } from '../../lib/table-export.js';
import type { InvoiceLinks } from '../invoices/invoice-link.js';
import { EventSalesService } from './event-sales.service.js';
import { eoSummary } from './sales.repository.js';

export function salesRoutes(app: FastifyInstance, db: Db, links: InvoiceLinks) {
  const sales = new EventSalesService(db, links);

  route(app, SALES.eoSummary, async (request) => ({ data: { result: await eoSummary(db, ownerScope(callerOf(request))) } }));

  route(app, SALES.eventSummary, async (request) => ({ data: { result: await sales.summary(ownerScope(callerOf(request)), request.params.id) } }));

  route(app, SALES.transactions, async (request) => ({ data: await sales.transactions(ownerScope(callerOf(request)), request.params.id, request.query) }));

  route(app, SALES.exportTransactions, async (request, reply) => {
    const table = await sales.transactionExport(ownerScope(callerOf(request)), request.params.id, request.query.filters);
    return sendTable(reply, request.query.format, table);
  });

  route(app, SALES.priceHistory, async (request) => {
    const { eventId, ticketId } = request.params;
    return { data: { result: await sales.priceHistory(ownerScope(callerOf(request)), eventId, ticketId) } };
  });
}
