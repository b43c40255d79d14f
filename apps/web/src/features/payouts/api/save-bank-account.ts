import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput, CoinAccount } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';
import { coinAccountKey } from './get-coin-account';

export async function saveBankAccount(eoCoinId: string, bankAccount: BankAccountInput): Promise<CoinAccount> {
  const res = await apiRequest<{ data: { result: CoinAccount } }>('/v1/transactions/eo/bank-account', {
    method: 'POST', body: { eoCoinId, bankAccount },
  });
  return res.data.result;
}

/** Saves the account and puts the answered coin account straight into the page's cache. */
export function useSaveBankAccount(eventId: string, eoCoinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccount: BankAccountInput) => saveBankAccount(eoCoinId, bankAccount),
    onSuccess: (coin) => queryClient.setQueryData(coinAccountKey(eventId), coin),
  });
}
