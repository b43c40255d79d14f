import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAGE_SIZE, SALES_EVENT_ADDRESS, type EventSalesSummary, type priceChangeSchema, type SALES, type TransactionDoc } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';

export type SalesSummary = EventSalesSummary;
export type SummaryTicket = EventSalesSummary['event']['tickets'][number];
export type Transaction = TransactionDoc;
export interface TransactionPage { docs: Transaction[]; page: number; limit: number; totalPages: number; totalDocs: number }

export async function getSalesSummary(eventId: string, signal?: AbortSignal) {
  return (await callAt<typeof SALES.eventSummary>(SALES_EVENT_ADDRESS.eventSummary, { params: { id: eventId } }, { signal })).data.result;
}
export const useSalesSummary = (eventId: string) =>
  useQuery(queryOptions({ queryKey: ['sales', eventId, 'summary'], queryFn: ({ signal }) => getSalesSummary(eventId, signal) }));

/** `ticketId` narrows to one participant category (the price history page). */
export const transactionFilters = (ticketId?: string) => (ticketId ? JSON.stringify({ ticketId }) : undefined);

export async function getTransactions(eventId: string, page: number, ticketId?: string, signal?: AbortSignal) {
  const res = await callAt<typeof SALES.transactions>(SALES_EVENT_ADDRESS.transactions, {
    params: { id: eventId },
    query: { page, limit: PAGE_SIZE, sortBy: 'desc', sortParam: 'createdAt', filters: transactionFilters(ticketId) },
  }, { signal });
  return res.data;
}
export const useTransactions = (eventId: string, page: number, ticketId?: string) =>
  useQuery(queryOptions({
    queryKey: ['sales', eventId, 'transactions', page, ticketId ?? null],
    queryFn: ({ signal }) => getTransactions(eventId, page, ticketId, signal),
    placeholderData: keepPreviousData,
  }));

export type PriceChange = z.infer<typeof priceChangeSchema>;
export async function getPriceHistory(eventId: string, ticketId: string, signal?: AbortSignal) {
  return (await callAt<typeof SALES.priceHistory>(SALES_EVENT_ADDRESS.priceHistory, { params: { eventId, ticketId } }, { signal })).data.result;
}
export const usePriceHistory = (eventId: string, ticketId: string) =>
  useQuery(queryOptions({ queryKey: ['sales', eventId, 'price', ticketId], queryFn: ({ signal }) => getPriceHistory(eventId, ticketId, signal) }));
