import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export async function getReceipt(transactionId: string, signal?: AbortSignal): Promise<Receipt> {
  return (await apiRequest<{ data: { result: Receipt } }>('/v1/transactions/eo/coin/withdrawal/receipt', { query: { transactionId }, signal })).data.result;
}

export const receiptQuery = (transactionId: string) =>
  queryOptions({ queryKey: ['payouts', 'receipt', transactionId], queryFn: ({ signal }) => getReceipt(transactionId, signal) });

export const useReceipt = (transactionId: string | null) => useQuery({ ...receiptQuery(transactionId ?? ''), enabled: Boolean(transactionId) });
