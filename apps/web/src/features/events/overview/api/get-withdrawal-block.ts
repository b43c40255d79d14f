import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUTS } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/**
 * Why the event's revenue cannot be withdrawn now (the coin account's `withdrawalBlockedReason`:
 * a pending withdrawal, locked, free internal, …), or null. Read by the overview's
 * `Tarik Penjualan` button; the withdrawal page reads the whole account itself.
 */
export async function getWithdrawalBlock(eventId: string, signal?: AbortSignal): Promise<string | null> {
  const res = await call(PAYOUTS.coinAccount, { query: { eventId } }, { signal });
  return res.data.result.withdrawalBlockedReason;
}

export const useWithdrawalBlock = (eventId: string, enabled: boolean) =>
  useQuery(queryOptions({
    queryKey: ['events', 'withdrawal-block', eventId],
    queryFn: ({ signal }) => getWithdrawalBlock(eventId, signal),
    staleTime: 0,
    enabled,
  }));
