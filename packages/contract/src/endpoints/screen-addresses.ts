import type { EndpointAddress } from '../endpoint.js';

/**
 * Addresses of screens that call by address (no zod in their first load; see addresses.ts),
 * in a module of their own: addresses.ts is in /login's first load, these are not.
 */
/** The ticket price history page and the overview's Ticket tab. */
export const SALES_EVENT_ADDRESS = {
  eventSummary: { method: 'GET', path: '/v1/transactions/event/:id/summary', access: 'user' },
  transactions: { method: 'GET', path: '/v1/transactions/event/:id', access: 'user' },
  exportTransactions: { method: 'GET', path: '/v1/transactions/event/:id/export', access: 'user' },
  priceHistory: { method: 'GET', path: '/v1/events/:eventId/tickets/:ticketId/price-history', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

/** The payout screen's lists and receipt (its first load carries no zod). */
export const PAYOUTS_ADDRESS = {
  history: { method: 'GET', path: '/v1/transactions/eo/coin/withdrawal', access: 'user' },
  receipt: { method: 'GET', path: '/v1/transactions/eo/coin/withdrawal/receipt', access: 'user' },
  available: { method: 'GET', path: '/v1/events/available-withdrawal', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
