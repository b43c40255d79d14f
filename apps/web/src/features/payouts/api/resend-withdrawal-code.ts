import { PAYOUTS, type VerificationState } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** `POST …/withdrawal/resend`: a new code for the open request (429 while too soon). */
export async function resendWithdrawalCode(eoCoinId: string): Promise<VerificationState> {
  const res = await call(PAYOUTS.resendCode, { body: { eoCoinId } });
  return res.data.result;
}
