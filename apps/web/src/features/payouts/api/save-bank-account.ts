import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUTS, type BankAccountInput, type CoinAccount } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { coinAccountKey } from './get-coin-account';
import { savedBankAccountsKey } from './get-saved-bank-accounts';

/** A typed account, or one saved on another of the organizer's coin accounts (by that account's id). */
export type BankAccountChoice = { bankAccount: BankAccountInput } | { fromEoCoinId: string };

export async function saveBankAccount(eoCoinId: string, choice: BankAccountChoice): Promise<CoinAccount> {
  const res = await call(PAYOUTS.saveBankAccount, { body: { eoCoinId, ...choice } });
  return res.data.result;
}

/** Saves the account and puts the answered coin account straight into the page's cache. */
export function useSaveBankAccount(eventId: string, eoCoinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: BankAccountChoice) => saveBankAccount(eoCoinId, choice),
    onSuccess: (coin) => {
      queryClient.setQueryData(coinAccountKey(eventId), coin);
      void queryClient.invalidateQueries({ queryKey: savedBankAccountsKey });
    },
  });
}
