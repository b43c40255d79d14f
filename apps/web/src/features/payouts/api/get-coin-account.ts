import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUTS, type CoinAccount } from '@eo/contract';
import { call } from '../../../lib/api-call';

export async function getCoinAccount(eventId: string, signal?: AbortSignal): Promise<CoinAccount> {
  const res = await call(PAYOUTS.coinAccount, { query: { eventId } }, { signal });
  return res.data.result;
}

export const coinAccountKey = (eventId: string) => ['payouts', 'coin', eventId] as const;

/** Always fresh: the balance and the open request change from other tabs and from the admin. */
export const coinAccountQuery = (eventId: string) =>
  queryOptions({ queryKey: coinAccountKey(eventId), queryFn: ({ signal }) => getCoinAccount(eventId, signal), staleTime: 0 });

export const useCoinAccount = (eventId: string | undefined) => useQuery({ ...coinAccountQuery(eventId ?? ''), enabled: Boolean(eventId) });
