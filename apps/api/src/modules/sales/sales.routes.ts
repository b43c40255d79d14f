import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eoSummaryResponseSchema, eventSalesSummaryResponseSchema, priceHistoryResponseSchema, salesEventParamsSchema,
  ticketPriceParamsSchema, transactionExportQuerySchema, transactionListQuerySchema, transactionListResponseSchema,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../plugins/auth.js';
import { ownerScope } from '../../lib/scope.js';
import { sendTable } from '../../lib/table-export.js';
import type { InvoiceLinks } from '../invoices/invoice-link.js';
import { EventSalesService } from './event-sales.service.js';
import { eoSummary } from './sales.repository.js';

export function salesRoutes(app: FastifyInstance, db: Db, links: InvoiceLinks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sales'];
  const sales = new EventSalesService(db, links);

  r.get('/v1/transactions/eo/summary', {
    schema: { tags, response: { 200: eoSummaryResponseSchema } },
  }, async (request) => ({ data: { result: await eoSummary(db, ownerScope(callerOf(request))) } }));

  r.get('/v1/transactions/event/:id/summary', {
    schema: { tags, params: salesEventParamsSchema, response: { 200: eventSalesSummaryResponseSchema } },
  }, async (request) => ({ data: { result: await sales.summary(ownerScope(callerOf(request)), request.params.id) } }));

  r.get('/v1/transactions/event/:id', {
    schema: { tags, params: salesEventParamsSchema, querystring: transactionListQuerySchema, response: { 200: transactionListResponseSchema } },
  }, async (request) => ({ data: await sales.transactions(ownerScope(callerOf(request)), request.params.id, request.query) }));

  // Riwayat Penjualan DOWNLOAD: every matching transaction in one streamed file.
  r.get('/v1/transactions/event/:id/export', {
    schema: { tags, params: salesEventParamsSchema, querystring: transactionExportQuerySchema },
  }, async (request, reply) => {
    const table = await sales.transactionExport(ownerScope(callerOf(request)), request.params.id, request.query.filters);
    return sendTable(reply, request.query.format, table);
  });

  r.get('/v1/events/:eventId/tickets/:ticketId/price-history', {
    schema: { tags, params: ticketPriceParamsSchema, response: { 200: priceHistoryResponseSchema } },
  }, async (request) => {
    const { eventId, ticketId } = request.params;
    return { data: { result: await sales.priceHistory(ownerScope(callerOf(request)), eventId, ticketId) } };
  });
}
