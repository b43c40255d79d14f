import { z } from 'zod';
import { UNLIMITED } from '../constants.js';
import { TRANSACTION_STATUSES } from '../enums.js';
import { resultEnvelope } from './common.js';
import { pagedEnvelope, pagedQuery } from './lists.js';
import { EXPORT_FORMATS } from './participants.js';

export const TICKET_STATUSES = ['Available', 'Sold Out'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Spec section 4, ticket status column: Available unless the quota is finite and nothing is
 * left. A ticket without a quota type (older payloads) is finite when its original quota is set.
 */
export function ticketStatus(t: { originalQuotaType?: string | null; originalQuota?: number | null; quota?: number | null }): TicketStatus {
  const finite = t.originalQuotaType
    ? t.originalQuotaType === 'limited'
    : t.originalQuota !== undefined && t.originalQuota !== null && t.originalQuota !== UNLIMITED;
  return finite && (t.quota ?? 0) <= 0 ? 'Sold Out' : 'Available';
}

export const salesTicketSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  type: z.string(),
  originalQuotaType: z.string(),
  originalQuota: z.number().int(),
  /** Remaining seats; -1 unlimited. */
  quota: z.number().int(),
  /** Seats held by current registrants (refunds excluded). */
  ticketCount: z.number().int(),
  status: z.enum(TICKET_STATUSES),
});

/** Sales summary of spec section 3 (`GET /v1/transactions/event/{id}/summary`); integer rupiah. */
export const eventSalesSummarySchema = z.object({
  ticketCount: z.number().int(),
  grossCoinAmount: z.number().int(),
  discountedCoinAmount: z.number().int(),
  coinAmount: z.number().int(),
  event: z.object({ tickets: z.array(salesTicketSchema) }),
});
export type EventSalesSummary = z.infer<typeof eventSalesSummarySchema>;
export const eventSalesSummaryResponseSchema = resultEnvelope(eventSalesSummarySchema);

export const salesEventParamsSchema = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const transactionFiltersSchema = z.object({
  ticketId: z.string().regex(UUID, 'ticketId must be a ticket id').optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
}).strict();
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

export const TRANSACTION_SORT_PARAMS = ['createdAt', 'amount'] as const;

/** `GET /v1/transactions/event/{id}`. */
export const transactionListQuerySchema = pagedQuery(transactionFiltersSchema, TRANSACTION_SORT_PARAMS);
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

/** `GET /v1/transactions/event/{id}/export` (Riwayat Penjualan, DOWNLOAD): one streamed file, oldest first. */
export const transactionExportQuerySchema = transactionListQuerySchema
  .pick({ filters: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

/** Transaction of spec section 3; amounts in integer rupiah. */
export const transactionDocSchema = z.object({
  invoiceId: z.string(),
  transactionId: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), email: z.string(), handphone: z.string().nullable() }),
  ticketId: z.string(),
  ticketName: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  grossAmount: z.number().int(),
  discountAmount: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  discountCode: z.string().nullable(),
  /** Signed link to the invoice PDF, valid for an hour: the browser opens it without a token. */
  invoiceUrl: z.string(),
});
export type TransactionDoc = z.infer<typeof transactionDocSchema>;
export const transactionListResponseSchema = pagedEnvelope(transactionDocSchema);

export const ticketPriceParamsSchema = z.object({ eventId: z.string().max(100), ticketId: z.string().max(100) });
export const priceChangeSchema = z.object({ createdAt: z.string(), oldPrice: z.number().int(), newPrice: z.number().int() });
/** `GET /v1/events/{eventId}/tickets/{ticketId}/price-history`, newest first. */
export const priceHistoryResponseSchema = resultEnvelope(z.array(priceChangeSchema));

/** The invoice PDF's signed-link query (`?exp=<unix seconds>&sig=<base64url HMAC>`). */
export const invoiceLinkQuerySchema = z.object({
  exp: z.string().regex(/^\d{1,12}$/).optional(),
  sig: z.string().max(100).optional(),
});
