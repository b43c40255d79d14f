import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PAYOUTS, type AvailableWithdrawal, type Paged } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** The caller's events whose revenue can be withdrawn now (the payout drawer). */
export async function getAvailableWithdrawals(page: number, signal?: AbortSignal): Promise<Paged<AvailableWithdrawal>> {
  return (await call(PAYOUTS.available, { query: { page, limit: PAGE_SIZE } }, { signal })).data;
}

export const availableWithdrawalsQuery = (page: number) =>
  queryOptions({ queryKey: ['payouts', 'available', page], queryFn: ({ signal }) => getAvailableWithdrawals(page, signal), placeholderData: keepPreviousData });

export const useAvailableWithdrawals = (page: number, enabled: boolean) => useQuery({ ...availableWithdrawalsQuery(page), enabled });
