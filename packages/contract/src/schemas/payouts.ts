import { z } from 'zod';
import { bankName } from '../banks.js';
import { BANK_ACCOUNT_NAME_MAX, BANK_ACCOUNT_NUMBER_MAX, WITHDRAW_CODE, WITHDRAWAL_MIN } from '../constants.js';
import { fill, OWN_MSG, WITHDRAW_MSG, WITHDRAW_OWN_MSG } from '../messages.js';
import { COIN_STATUSES, WITHDRAWAL_STATUSES } from '../withdrawal-rules.js';
import { resultEnvelope } from './common.js';
import { pagedEnvelope, pagedQuery } from './lists.js';

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
  /** The event's name, for the withdrawal page's title and breadcrumb. */
  eventName: z.string(),
  /** The event list the event is in (the menu's Aktif, Riwayat, Draf), for the breadcrumb. */
  eventList: z.enum(['active', 'history', 'draft']),
  coinAmount: z.number().int(),
  status: z.enum(COIN_STATUSES),
  bankAccount: bankAccountSchema.nullable(),
  /** Why a withdrawal cannot be requested now (`withdrawalRefusal`), null when it can. */
  withdrawalBlockedReason: z.string().nullable(),
  /** The open request waiting for its email code, so the code step can be reopened. */
  verification: z.lazy(() => verificationStateSchema).nullable(),
});
export type CoinAccount = z.infer<typeof coinAccountSchema>;

export const coinAccountResponseSchema = resultEnvelope(coinAccountSchema);

// ---- Bank account, withdrawals, receipts ----

const eoCoinId = z.string().min(1).max(100);

/** Spec section 5, bank: bank required, name letters/spaces/hyphen/apostrophe, number digits ≤ 16. */
export const bankAccountInputSchema = z.object({
  bankCode: z
    .string({ error: WITHDRAW_MSG.bankRequired })
    .trim()
    .min(1, WITHDRAW_MSG.bankRequired)
    .refine((code) => bankName(code) !== null, WITHDRAW_MSG.bankRequired),
  accountName: z
    .string({ error: WITHDRAW_MSG.accountName })
    .trim()
    .min(1, WITHDRAW_MSG.accountName)
    .max(BANK_ACCOUNT_NAME_MAX, fill(OWN_MSG.maxChars, { n: BANK_ACCOUNT_NAME_MAX }))
    .regex(/^[\p{L} '-]+$/u, WITHDRAW_MSG.accountName),
  accountNumber: z
    .string({ error: WITHDRAW_MSG.accountNumber })
    .trim()
    .min(1, WITHDRAW_MSG.accountNumber)
    .max(BANK_ACCOUNT_NUMBER_MAX, WITHDRAW_MSG.accountNumber)
    .regex(/^\d+$/, WITHDRAW_MSG.accountNumber),
});
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;

/**
 * `POST v1/transactions/eo/bank-account`: the spec's `bankAccount`, or `fromEoCoinId`, another of
 * the caller's coin accounts whose saved bank account is copied (the saved-accounts picker, which
 * never sees a whole number). When both are sent, `fromEoCoinId` is used.
 */
export const saveBankAccountSchema = z
  .object({ eoCoinId, bankAccount: bankAccountInputSchema.optional(), fromEoCoinId: eoCoinId.optional() })
  .superRefine((v, ctx) => {
    if (!v.bankAccount && !v.fromEoCoinId) ctx.addIssue({ code: 'custom', path: ['bankAccount', 'bankCode'], message: WITHDRAW_MSG.bankRequired });
  });
export type SaveBankAccount = z.infer<typeof saveBankAccountSchema>;

/** The amount rule with a message of choice: the form says `Minimum penarikan…`, the server `Minimal penarikan bersih…`. */
export const withdrawalAmount = (minMessage: string) =>
  z.number({ error: minMessage }).int().min(WITHDRAWAL_MIN, minMessage).max(1_000_000_000_000);

/** `POST v1/transactions/eo/coin/withdrawal` (header `Idempotency-Key` recommended). */
export const withdrawalRequestSchema = z.object({
  amount: withdrawalAmount(WITHDRAW_MSG.serverMin),
  withdrawDetail: z.object({ eoCoinId }),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().trim().min(8).max(200).regex(/^[\x21-\x7e]+$/);

/** `POST …/withdrawal/verif`. */
export const withdrawalVerifySchema = z.object({
  code: z.string().trim().regex(new RegExp(`^\\d{${WITHDRAW_CODE.digits}}$`), WITHDRAW_OWN_MSG.codeFormat),
  eoCoinId,
});
/** `POST …/withdrawal/resend`: a new code for the open, unverified request. */
export const withdrawalResendSchema = z.object({ eoCoinId });

/** The open request the code step is about. */
export const verificationStateSchema = z.object({
  referenceId: z.string(),
  amount: z.number().int(),
  email: z.string(),
  codeExpiresAt: z.string(),
  resendAvailableAt: z.string(),
  attemptsLeft: z.number().int(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;
export const withdrawalRequestResponseSchema = resultEnvelope(verificationStateSchema);

const bankAccountOut = z.object({ bankCode: z.string(), bankName: z.string(), accountName: z.string(), accountNumber: z.string() });

/** One withdrawal as lists show it (spec section 3, Withdrawal). */
export const withdrawalSchema = z.object({
  _id: z.string(),
  referenceId: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  withdrawDetail: z.object({
    eoCoinId: z.object({ _id: z.string(), eventId: z.string() }),
    sentAt: z.string().nullable(),
    status: z.enum(WITHDRAWAL_STATUSES),
    eventName: z.string(),
  }),
  bankAccount: bankAccountOut,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = resultEnvelope(withdrawalSchema);

/** `GET /v1/transactions/eo/coin/withdrawal`: the caller's withdrawals, newest first by default. */
export const withdrawalListQuerySchema = pagedQuery(z.object({}), ['createdAt', 'amount'] as const).extend({
  activityType: z.enum(['receive']).optional(),
  /** The spec's client sends the user's email; the server scopes by the caller whatever it says. */
  eventCreator: z.string().max(254).optional(),
  eventId: z.string().max(100).optional(),
});
export type WithdrawalListQuery = z.input<typeof withdrawalListQuerySchema>;
export const withdrawalListResponseSchema = pagedEnvelope(withdrawalSchema);

/** `GET v1/transactions/eo/coin/withdrawal/receipt?transactionId=` (the referenceId or _id). */
export const receiptQuerySchema = z.object({ transactionId: z.string().min(1).max(100) });
export const receiptSchema = z.object({
  referenceId: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  eventName: z.string(),
  amount: z.number().int(),
  /** Confirmed sales minus refunds, as of the request. */
  totalSales: z.number().int(),
  /** Payment fees of those sales (refunded sales give theirs back). */
  paymentFee: z.number().int(),
  /** totalSales − paymentFee: what the event earned net. */
  totalCleanReception: z.number().int(),
  bankAccount: z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() }),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = resultEnvelope(receiptSchema);

/** `GET /v1/events/available-withdrawal`: the caller's events whose revenue can be withdrawn now. */
export const availableWithdrawalQuerySchema = pagedQuery(z.object({}), ['lastEventAt', 'coinAmount'] as const);
export const availableWithdrawalSchema = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  eoCoinId: z.string(),
  coinAmount: z.number().int(),
});
export type AvailableWithdrawal = z.infer<typeof availableWithdrawalSchema>;
export const availableWithdrawalResponseSchema = pagedEnvelope(availableWithdrawalSchema);

/** `POST /v1/admin/withdrawals/{referenceId}/status`. */
export const withdrawalStatusSchema = z.object({ status: z.enum(['sent', 'failed']) });

/**
 * `POST /v1/admin/coin-accounts/{eoCoinId}/withdrawal-unlock`: lifts the lock that too many wrong
 * withdrawal codes put on a coin account and on its owner, and restarts the day's request count.
 */
export const withdrawalUnlockParamsSchema = z.object({ eoCoinId });
export const withdrawalUnlockResponseSchema = z.object({
  message: z.string(),
  data: z.object({ result: z.object({ eoCoinId: z.string(), userId: z.string() }) }),
});

/**
 * `GET /v1/transactions/eo/bank-accounts`: the bank accounts the caller saved on their coin
 * accounts, newest first, one per account number, the number masked (`****7890`). Picking one
 * saves it on another coin account with `fromEoCoinId`.
 */
export const savedBankAccountSchema = z.object({
  fromEoCoinId: z.string(),
  bankCode: z.string(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
});
export type SavedBankAccount = z.infer<typeof savedBankAccountSchema>;
export const savedBankAccountsResponseSchema = z.object({ data: z.object({ docs: z.array(savedBankAccountSchema) }) });
