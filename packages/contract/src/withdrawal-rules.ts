import { WITHDRAWAL_MIN } from './constants.js';
import { WITHDRAW_MSG, WITHDRAW_OWN_MSG } from './messages.js';

/** Coin account states: Not Processed (free to withdraw) or Processing (a withdrawal is under way). */
export const COIN_STATUSES = ['Not Processed', 'Processing'] as const;
export type CoinStatus = (typeof COIN_STATUSES)[number];

/**
 * A withdrawal's life: `unverified` (amount reserved, code emailed) → `pending` (verified,
 * waiting for the transfer) → `sent` | `failed`; an unverified one may instead become
 * `expired` (code lapsed or too many wrong codes). Failed and expired release the reservation.
 */
export const WITHDRAWAL_STATUSES = ['unverified', 'pending', 'sent', 'failed', 'expired'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** The states that hold a reservation and block another request and bank account edits. */
export const OPEN_WITHDRAWAL_STATUSES = ['unverified', 'pending'] as const satisfies readonly WithdrawalStatus[];

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  unverified: 'Menunggu verifikasi',
  pending: 'Diproses',
  sent: 'Terkirim',
  failed: 'Gagal',
  expired: 'Kedaluwarsa',
};

export interface WithdrawalEventFacts {
  deleted: boolean;
  isDraft: boolean;
  isPaidEvent: boolean;
  registrationMethod: string | null;
  /** End of the last event date (ISO), null when no date is set. */
  lastEventAt: string | null;
}

/** A rule's "no": a code callers switch on, and the text a person reads. */
export interface Refusal<Code extends string> { code: Code; message: string }

export type WithdrawalRefusalCode = 'EVENT_DELETED' | 'FREE_INTERNAL_EVENT' | 'EVENT_NOT_OVER' | 'WITHDRAWAL_PENDING';
export type AmountRefusalCode = 'BELOW_MINIMUM' | 'ABOVE_BALANCE';

/**
 * Why the event's revenue cannot be withdrawn now, with the spec's text (section 4 and 8), or null.
 * The API enforces it; the withdrawal page disables its button with the same reason.
 */
export function withdrawalRefusal(
  event: WithdrawalEventFacts, coin: { status: string; hasOpenWithdrawal: boolean }, now: Date,
): Refusal<WithdrawalRefusalCode> | null {
  if (event.deleted) return { code: 'EVENT_DELETED', message: WITHDRAW_MSG.deleted };
  if (!event.isPaidEvent && event.registrationMethod === 'internal') return { code: 'FREE_INTERNAL_EVENT', message: WITHDRAW_MSG.freeInternal };
  if (event.isDraft || !event.lastEventAt || new Date(event.lastEventAt).getTime() >= now.getTime()) {
    return { code: 'EVENT_NOT_OVER', message: WITHDRAW_MSG.notOver };
  }
  if (coin.hasOpenWithdrawal || coin.status !== 'Not Processed') return { code: 'WITHDRAWAL_PENDING', message: WITHDRAW_OWN_MSG.pending };
  return null;
}

/** Why an amount cannot be withdrawn from a balance, or null (the server's texts). */
export function withdrawalAmountRefusal(amount: number, balance: number): Refusal<AmountRefusalCode> | null {
  if (amount < WITHDRAWAL_MIN) return { code: 'BELOW_MINIMUM', message: WITHDRAW_MSG.serverMin };
  if (amount > balance) return { code: 'ABOVE_BALANCE', message: WITHDRAW_OWN_MSG.aboveBalance };
  return null;
}

/** `a***i@contoh.id`: where the code went, without printing the whole address. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return email;
  const shown = local.length <= 2 ? local[0] : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}@${domain}`;
}

/** `****7890`: a bank account number in mails and pickers, its last four digits only. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}
