import { z } from 'zod';
import { endpoint, fileAnswer } from '../endpoint.js';
import { eoSummaryResponseSchema } from '../schemas/dashboard.js';
import {
  eventSalesSummaryResponseSchema, invoiceLinkQuerySchema, priceHistoryResponseSchema, salesEventParamsSchema, ticketPriceParamsSchema,
  transactionExportQuerySchema, transactionListQuerySchema, transactionListResponseSchema,
} from '../schemas/sales.js';
import { SALES_ADDRESS } from './addresses.js';
import { SALES_EVENT_ADDRESS } from './screen-addresses.js';
import { TABLE_MEDIA_TYPES } from './media-types.js';

const tags = ['sales'] as const;

/** Spec section 7 (Ticket tab), the overview's sales figures and the invoice PDF. */
export const SALES = {
  eoSummary: endpoint({ action: 'sales', ...SALES_ADDRESS.eoSummary, tags, status: 200, response: eoSummaryResponseSchema }),
  eventSummary: endpoint({ action: 'sales', ...SALES_EVENT_ADDRESS.eventSummary, tags, params: salesEventParamsSchema, status: 200, response: eventSalesSummaryResponseSchema }),
  transactions: endpoint({ action: 'sales',
    ...SALES_EVENT_ADDRESS.transactions, tags, params: salesEventParamsSchema, query: transactionListQuerySchema, status: 200, response: transactionListResponseSchema,
  }),
  /** Riwayat Penjualan DOWNLOAD: every matching transaction in one streamed file. */
  exportTransactions: endpoint({ action: 'sales',
    ...SALES_EVENT_ADDRESS.exportTransactions, tags, params: salesEventParamsSchema, query: transactionExportQuerySchema,
    status: 200, response: fileAnswer('CSV or XLSX of the transactions'), answer: 'file', produces: TABLE_MEDIA_TYPES,
  }),
  priceHistory: endpoint({ action: 'sales',
    ...SALES_EVENT_ADDRESS.priceHistory, tags, params: ticketPriceParamsSchema, status: 200, response: priceHistoryResponseSchema,
  }),
  /**
   * `invoice-{transactionId}.pdf`, opened in a new tab: with the signed link of the transaction
   * list (no header there) or, for other clients, the owner's token.
   */
  invoice: endpoint({
    method: 'GET', path: '/v1/doc/event/:file', tags: ['invoices'], access: 'public', params: z.object({ file: z.string().max(100) }), query: invoiceLinkQuerySchema,
    status: 200, response: fileAnswer('The invoice PDF'), answer: 'file', produces: ['application/pdf'],
  }),
};
