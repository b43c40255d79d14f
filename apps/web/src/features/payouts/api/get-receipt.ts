import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUTS, type Receipt } from '@eo/contract';
import { call } from '../../../lib/api-call';

export async function getReceipt(transactionId: string, signal?: AbortSignal): Promise<Receipt> {
  return (await call(PAYOUTS.receipt, { query: { transactionId } }, { signal })).data.result;
}

export const receiptQuery = (transactionId: string) =>
  queryOptions({ queryKey: ['payouts', 'receipt', transactionId], queryFn: ({ signal }) => getReceipt(transactionId, signal) });

export const useReceipt = (transactionId: string | null) => useQuery({ ...receiptQuery(transactionId ?? ''), enabled: Boolean(transactionId) });
