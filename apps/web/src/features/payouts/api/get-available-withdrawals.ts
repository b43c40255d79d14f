import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PAYOUTS_ADDRESS, type PAYOUTS, type AvailableWithdrawal, type Paged } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

/** The caller's events whose revenue can be withdrawn now (the payout drawer). */
export async function getAvailableWithdrawals(page: number, signal?: AbortSignal): Promise<Paged<AvailableWithdrawal>> {
  return (await callAt<typeof PAYOUTS.available>(PAYOUTS_ADDRESS.available, { query: { page, limit: PAGE_SIZE } }, { signal })).data;
}

export const availableWithdrawalsQuery = (page: number) =>
  queryOptions({ queryKey: ['payouts', 'available', page], queryFn: ({ signal }) => getAvailableWithdrawals(page, signal), placeholderData: keepPreviousData });

export const useAvailableWithdrawals = (page: number, enabled: boolean) => useQuery({ ...availableWithdrawalsQuery(page), enabled });
