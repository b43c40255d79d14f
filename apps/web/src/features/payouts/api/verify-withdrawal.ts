import { call } from '../../../lib/api-call';

import { PAYOUTS } from '@eo/contract';

/** `POST …/withdrawal/verif`: the emailed code turns the reserved request into a pending one. */
export const verifyWithdrawal = (eoCoinId: string, code: string) =>
  call(PAYOUTS.verifyWithdrawal, { body: { code, eoCoinId } });
