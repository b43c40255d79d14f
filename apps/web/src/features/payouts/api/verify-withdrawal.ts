import { apiRequest } from '../../../lib/api-client';

/** `POST …/withdrawal/verif`: the emailed code turns the reserved request into a pending one. */
export const verifyWithdrawal = (eoCoinId: string, code: string) =>
  apiRequest<{ message?: string; messageId?: string }>('/v1/transactions/eo/coin/withdrawal/verif', { method: 'POST', body: { code, eoCoinId } });
