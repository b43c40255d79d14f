import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { PAYOUTS_ADDRESS } from './screen-addresses.js';
import { resultEnvelope } from '../schemas/common.js';
import {
  availableWithdrawalQuerySchema, availableWithdrawalResponseSchema, coinAccountQuerySchema, coinAccountResponseSchema, IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema, receiptQuerySchema, receiptResponseSchema, saveBankAccountSchema, savedBankAccountsResponseSchema, withdrawalListQuerySchema,
  withdrawalListResponseSchema, withdrawalRequestResponseSchema, withdrawalRequestSchema, withdrawalResendSchema, withdrawalResponseSchema,
  withdrawalStatusSchema, withdrawalUnlockParamsSchema, withdrawalUnlockResponseSchema, withdrawalVerifySchema,
} from '../schemas/payouts.js';

const tags = ['payouts'] as const;

/** Spec sections 4 and 8: the coin account of an event, its bank account and withdrawals. */
export const PAYOUTS = {
  coinAccount: endpoint({ action: 'money', method: 'GET', path: '/v1/transactions/eo/coin', tags, query: coinAccountQuerySchema, status: 200, response: coinAccountResponseSchema }),
  savedBankAccounts: endpoint({ action: 'money', method: 'GET', path: '/v1/transactions/eo/bank-accounts', tags, status: 200, response: savedBankAccountsResponseSchema }),
  saveBankAccount: endpoint({ action: 'money', method: 'POST', path: '/v1/transactions/eo/bank-account', tags, body: saveBankAccountSchema, status: 200, response: coinAccountResponseSchema }),
  /** The same `Idempotency-Key` again gets the first answer back, not a second withdrawal. */
  requestWithdrawal: endpoint({ action: 'money',
    method: 'POST', path: '/v1/transactions/eo/coin/withdrawal', tags, headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
    body: withdrawalRequestSchema, status: 201, response: withdrawalRequestResponseSchema,
  }),
  verifyWithdrawal: endpoint({ action: 'money', method: 'POST', path: '/v1/transactions/eo/coin/withdrawal/verif', tags, body: withdrawalVerifySchema, status: 200, response: withdrawalResponseSchema }),
  resendCode: endpoint({ action: 'money', method: 'POST', path: '/v1/transactions/eo/coin/withdrawal/resend', tags, body: withdrawalResendSchema, status: 200, response: withdrawalRequestResponseSchema }),
  history: endpoint({ action: 'money', ...PAYOUTS_ADDRESS.history, tags, query: withdrawalListQuerySchema, status: 200, response: withdrawalListResponseSchema }),
  receipt: endpoint({ action: 'money', ...PAYOUTS_ADDRESS.receipt, tags, query: receiptQuerySchema, status: 200, response: receiptResponseSchema }),
  available: endpoint({ action: 'money', ...PAYOUTS_ADDRESS.available, tags, query: availableWithdrawalQuerySchema, status: 200, response: availableWithdrawalResponseSchema }),
  /** A verified withdrawal was transferred (sent), or the transfer failed (its amount is released). */
  setStatus: endpoint({
    method: 'POST', path: '/v1/admin/withdrawals/:referenceId/status', tags: ['admin'], access: 'admin', params: z.object({ referenceId: z.string().min(1).max(100) }),
    body: withdrawalStatusSchema, status: 200, response: resultEnvelope(z.object({ referenceId: z.string(), status: withdrawalStatusSchema.shape.status })),
  }),
  unlock: endpoint({
    method: 'POST', path: '/v1/admin/coin-accounts/:eoCoinId/withdrawal-unlock', tags: ['admin'], access: 'admin', params: withdrawalUnlockParamsSchema,
    status: 200, response: withdrawalUnlockResponseSchema,
  }),
};
