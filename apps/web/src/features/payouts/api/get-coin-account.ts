import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoinAccount } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export async function getCoinAccount(eventId: string, signal?: AbortSignal): Promise<CoinAccount> {
  const res = await apiRequest<{ data: { result: CoinAccount } }>('/v1/transactions/eo/coin', { query: { eventId }, signal });
  return res.data.result;
}

export const coinAccountKey = (eventId: string) => ['payouts', 'coin', eventId] as const;

/** Always fresh: the balance and the open request change from other tabs and from the admin. */
export const coinAccountQuery = (eventId: string) =>
  queryOptions({ queryKey: coinAccountKey(eventId), queryFn: ({ signal }) => getCoinAccount(eventId, signal), staleTime: 0 });

export const useCoinAccount = (eventId: string | undefined) => useQuery({ ...coinAccountQuery(eventId ?? ''), enabled: Boolean(eventId) });
