import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUTS, type SavedBankAccount } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** The organizer's bank accounts saved on other events, masked: the picker of the bank account form. */
export async function getSavedBankAccounts(signal?: AbortSignal): Promise<SavedBankAccount[]> {
  return (await call(PAYOUTS.savedBankAccounts, {}, { signal })).data.docs;
}

export const savedBankAccountsKey = ['payouts', 'saved-bank-accounts'] as const;

export const useSavedBankAccounts = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: savedBankAccountsKey, queryFn: ({ signal }) => getSavedBankAccounts(signal), enabled }));
