import { describe, expect, it } from 'vitest';
import { WITHDRAW_MSG, WITHDRAW_OWN_MSG } from './messages.js';
import { bankAccountInputSchema, withdrawalAmount } from './schemas/payouts.js';
import { maskEmail, withdrawalAmountRefusal, withdrawalRefusal, type WithdrawalEventFacts } from './withdrawal-rules.js';

const now = new Date('2026-11-21T05:00:00Z');
const over: WithdrawalEventFacts = { deleted: false, isDraft: false, isPaidEvent: true, registrationMethod: 'internal', lastEventAt: '2026-11-20T05:00:00Z' };
const free = { status: 'Not Processed', hasOpenWithdrawal: false };

describe('withdrawalRefusal', () => {
  it.each([
    ['a paid event that is over', over, free, null],
    ['a free event registered elsewhere', { ...over, isPaidEvent: false, registrationMethod: 'external' }, free, null],
    ['deleted (first, whatever else)', { ...over, deleted: true, isPaidEvent: false }, free, { code: 'EVENT_DELETED', message: WITHDRAW_MSG.deleted }],
    ['free with internal registration', { ...over, isPaidEvent: false }, free, { code: 'FREE_INTERNAL_EVENT', message: WITHDRAW_MSG.freeInternal }],
    ['not over yet', { ...over, lastEventAt: '2026-11-21T05:00:01Z' }, free, { code: 'EVENT_NOT_OVER', message: WITHDRAW_MSG.notOver }],
    ['ending exactly now', { ...over, lastEventAt: now.toISOString() }, free, { code: 'EVENT_NOT_OVER', message: WITHDRAW_MSG.notOver }],
    ['no date', { ...over, lastEventAt: null }, free, { code: 'EVENT_NOT_OVER', message: WITHDRAW_MSG.notOver }],
    ['a draft', { ...over, isDraft: true }, free, { code: 'EVENT_NOT_OVER', message: WITHDRAW_MSG.notOver }],
    ['an open withdrawal', over, { ...free, hasOpenWithdrawal: true }, { code: 'WITHDRAWAL_PENDING', message: WITHDRAW_OWN_MSG.pending }],
    ['coin status not Not Processed', over, { ...free, status: 'Processing' }, { code: 'WITHDRAWAL_PENDING', message: WITHDRAW_OWN_MSG.pending }],
  ] as const)('%s', (_name, event, coin, expected) => {
    expect(withdrawalRefusal(event, coin, now)).toEqual(expected);
  });

  it('amounts: at least 15.000, never above the balance', () => {
    expect(withdrawalAmountRefusal(14_999, 100_000)).toEqual({ code: 'BELOW_MINIMUM', message: WITHDRAW_MSG.serverMin });
    expect(withdrawalAmountRefusal(15_000, 100_000)).toBeNull();
    expect(withdrawalAmountRefusal(100_001, 100_000)).toEqual({ code: 'ABOVE_BALANCE', message: WITHDRAW_OWN_MSG.aboveBalance });
    expect(withdrawalAmount(WITHDRAW_MSG.minAmount).safeParse(14_999).error?.issues[0].message).toBe(WITHDRAW_MSG.minAmount);
  });

  it('masks the address the code went to', () => {
    expect(maskEmail('organizer@demo.id')).toBe('o***r@demo.id');
    expect(maskEmail('ab@x.id')).toBe('a@x.id');
  });
});

describe('bankAccountInputSchema', () => {
  const ok = { bankCode: '014', accountName: "Siti Nur-Aisyah O'Brien", accountNumber: '0123456789012345' };
  it.each([
    ['bankCode', '', WITHDRAW_MSG.bankRequired],
    ['bankCode', '000', WITHDRAW_MSG.bankRequired],
    ['accountName', '', WITHDRAW_MSG.accountName],
    ['accountName', 'Budi 2', WITHDRAW_MSG.accountName],
    ['accountName', 'Budi, S.T.', WITHDRAW_MSG.accountName],
    ['accountNumber', '', WITHDRAW_MSG.accountNumber],
    ['accountNumber', '12 34', WITHDRAW_MSG.accountNumber],
    ['accountNumber', '01234567890123456', WITHDRAW_MSG.accountNumber],
  ])('%s = %j → %s', (field, value, message) => {
    expect(bankAccountInputSchema.safeParse({ ...ok, [field]: value }).error?.issues[0].message).toBe(message);
  });
  it('accepts letters of any script, spaces, hyphens, apostrophes, and up to 16 digits', () => {
    expect(bankAccountInputSchema.safeParse(ok).success).toBe(true);
    expect(bankAccountInputSchema.safeParse({ ...ok, accountName: 'Ñoño Café' }).success).toBe(true);
  });
});
