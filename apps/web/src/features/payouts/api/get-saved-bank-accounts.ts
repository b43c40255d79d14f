import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedBankAccount } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

/** The organizer's bank accounts saved on other events, masked: the picker of the bank account form. */
export async function getSavedBankAccounts(signal?: AbortSignal): Promise<SavedBankAccount[]> {
  return (await apiRequest<{ data: { docs: SavedBankAccount[] } }>('/v1/transactions/eo/bank-accounts', { signal })).data.docs;
}

export const savedBankAccountsKey = ['payouts', 'saved-bank-accounts'] as const;

export const useSavedBankAccounts = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: savedBankAccountsKey, queryFn: ({ signal }) => getSavedBankAccounts(signal), enabled }));
