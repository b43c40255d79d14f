import { z } from 'zod';
import { resultEnvelope } from './common.js';

/** `GET /v1/transactions/eo/coin?eventId=`: the event's coin account (an unknown or foreign event is 404). */
export const coinAccountQuerySchema = z.object({ eventId: z.string().min(1).max(100) });
export type CoinAccountQuery = z.infer<typeof coinAccountQuerySchema>;

export const bankAccountSchema = z.object({
  bankCode: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/**
 * EO coin account of spec section 3. `coinAmount` is the balance in integer rupiah: the sum of
 * the account's append-only ledger (sales in; refunds, payment fees and reserved withdrawals out).
 */
export const coinAccountSchema = z.object({
  _id: z.string(),
  coinAmount: z.number().int(),
  status: z.string(),
  bankAccount: bankAccountSchema.nullable(),
});
export type CoinAccount = z.infer<typeof coinAccountSchema>;

export const coinAccountResponseSchema = resultEnvelope(coinAccountSchema);
