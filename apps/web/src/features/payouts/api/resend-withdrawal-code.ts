import type { VerificationState } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST …/withdrawal/resend`: a new code for the open request (429 while too soon). */
export async function resendWithdrawalCode(eoCoinId: string): Promise<VerificationState> {
  const res = await apiRequest<{ data: { result: VerificationState } }>('/v1/transactions/eo/coin/withdrawal/resend', { method: 'POST', body: { eoCoinId } });
  return res.data.result;
}
