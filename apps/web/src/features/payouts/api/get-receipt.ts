import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUTS_ADDRESS, type PAYOUTS, type Receipt } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

export async function getReceipt(transactionId: string, signal?: AbortSignal): Promise<Receipt> {
  return (await callAt<typeof PAYOUTS.receipt>(PAYOUTS_ADDRESS.receipt, { query: { transactionId } }, { signal })).data.result;
}

export const receiptQuery = (transactionId: string) =>
  queryOptions({ queryKey: ['payouts', 'receipt', transactionId], queryFn: ({ signal }) => getReceipt(transactionId, signal) });

export const useReceipt = (transactionId: string | null) => useQuery({ ...receiptQuery(transactionId ?? ''), enabled: Boolean(transactionId) });
