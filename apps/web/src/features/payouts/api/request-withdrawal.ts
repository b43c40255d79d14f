import type { VerificationState } from '@eo/contract';
import { apiPostIdempotent } from '../../../lib/idempotent-request';

export interface WithdrawalRequested { message?: string; messageId?: string; data: { result: VerificationState } }

/** `POST …/coin/withdrawal`: reserves the amount and emails a code; `key` makes a retry safe. */
export const requestWithdrawal = (eoCoinId: string, amount: number, key: string) =>
  apiPostIdempotent<WithdrawalRequested>('/v1/transactions/eo/coin/withdrawal', { amount, withdrawDetail: { eoCoinId } }, key);
