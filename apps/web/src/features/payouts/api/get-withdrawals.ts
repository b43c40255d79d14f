import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PAYOUTS_ADDRESS, type PAYOUTS, type Paged, type Withdrawal } from '@eo/contract';
import { callAt } from '../../../lib/api-call';
import { getUser } from '../../../lib/session-store';

/** The caller's withdrawals, newest first; `eventId` narrows to one event's page. */
export async function getWithdrawals(page: number, eventId?: string, signal?: AbortSignal): Promise<Paged<Withdrawal>> {
  const res = await callAt<typeof PAYOUTS.history>(PAYOUTS_ADDRESS.history, {
    // The spec's client scopes by the user's email (eventCreator); the server scopes by the token anyway.
    query: { page, limit: PAGE_SIZE, sortBy: 'desc', sortParam: 'createdAt', activityType: 'receive', eventCreator: getUser()?.email, eventId },
  }, { signal });
  return res.data;
}

export const withdrawalsQuery = (page: number, eventId?: string) =>
  queryOptions({
    queryKey: ['payouts', 'withdrawals', eventId ?? null, page],
    queryFn: ({ signal }) => getWithdrawals(page, eventId, signal),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (page: number, eventId?: string) => useQuery(withdrawalsQuery(page, eventId));
