import { IDEMPOTENCY_KEY_HEADER, PAYOUTS, type EndpointResult } from '@eo/contract';
import { call } from '../../../lib/api-call';

export type WithdrawalRequested = EndpointResult<typeof PAYOUTS.requestWithdrawal>;

/** `POST …/coin/withdrawal`: reserves the amount and emails a code; `key` makes a retry safe. */
export const requestWithdrawal = (eoCoinId: string, amount: number, key: string) =>
  call(PAYOUTS.requestWithdrawal, { body: { amount, withdrawDetail: { eoCoinId } }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
