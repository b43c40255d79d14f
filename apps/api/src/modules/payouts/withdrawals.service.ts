import { createHash } from 'node:crypto';
import {
  fill, maskEmail, WITHDRAW_CODE, WITHDRAW_OWN_MSG, withdrawalAmountRefusal, withdrawalRefusal,
  type VerificationState, type WithdrawalRequest,
} from '@eo/contract';
import type { Db, Tx } from '../../db/client.js';
import { conflict, DomainError, ERROR_CODE, notFound, type ErrorItem } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { Permission, scopeOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import type { Mailer } from '../../lib/mailer.js';
import { appendEntries, coinAccountWithBalance, lockCoinAccount } from '../../lib/ledger.repository.js';
import { codeMail, codeMatches, hashCode, newCode, newReferenceId } from './withdrawal-code.js';
import { eventFacts } from './event-facts.js';
import { closeWithdrawal } from './withdrawal-status.js';
import { withdrawalRequestedMail } from './withdrawal-requested-mail.js';
import { WithdrawalLimits, type WithdrawalLimitSettings } from './withdrawal-limits.js';
import { lockUser } from './withdrawal-limits.repository.js';
import * as repo from './withdrawals.repository.js';

const MINUTE = 60_000;
const notAllowed = (message: string, errors?: ErrorItem[]) => new DomainError(ERROR_CODE.withdrawNotAllowed, message, errors ? { errors } : {});

export function verificationState(w: repo.WithdrawalRow, email: string): VerificationState {
  return {
    referenceId: w.referenceId,
    amount: w.amount,
    email: maskEmail(email),
    codeExpiresAt: w.codeExpiresAt!.toISOString(),
    resendAvailableAt: new Date((w.codeSentAt?.getTime() ?? 0) + WITHDRAW_CODE.resendAfterSeconds * 1000).toISOString(),
    attemptsLeft: Math.max(0, WITHDRAW_CODE.maxAttempts - w.codeAttempts),
  };
}

/** A new request: its code went to `email` (masked). */
export interface WithdrawalRequested { email: string; verification: VerificationState }
/** The answer the route gave a request, kept with its Idempotency-Key and replayed as is. */
export interface StoredAnswer { statusCode: number; body: unknown }
/** An Idempotency-Key, and the route's answer to a new request (stored in the request's own transaction). */
export interface Idempotency { key: string; answerOf: (requested: WithdrawalRequested) => StoredAnswer }
export type RequestOutcome = ({ created: true } & WithdrawalRequested) | { created: false; replay: StoredAnswer };

/**
 * Withdrawal requests and their email code. Every money move runs under the coin
 * account's row lock, and a partial unique index allows one open withdrawal per event, so
 * concurrent requests reserve at most once. The ledger gets `withdrawal_reserve` on request and
 * `withdrawal_release` when a request expires or fails; every action writes an audit row.
 */
export class WithdrawalsService {
  readonly limits: WithdrawalLimits;

  constructor(private readonly db: Db, private readonly mailer: Mailer, limits: WithdrawalLimitSettings) {
    this.limits = new WithdrawalLimits(limits);
  }

  /**
   * `POST v1/transactions/eo/coin/withdrawal`: reserves the amount and emails a code, all or
   * nothing (the mail leaves inside the transaction: if it cannot be sent, nothing is reserved).
   * With an Idempotency-Key, a repeat by the same user gets the first answer back (`created: false`).
   */
  async request(caller: Caller, body: WithdrawalRequest, idempotency?: Idempotency, now = new Date()): Promise<RequestOutcome> {
    const idempotencyKey = idempotency?.key;
    const coinId = body.withdrawDetail.eoCoinId;
    if (!isUuid(coinId)) throw notFound();
    await this.expireLapsed(now);
    const requestHash = createHash('sha256').update(JSON.stringify([body.amount, coinId])).digest('hex');
    return this.db.transaction(async (tx) => {
      if (idempotencyKey) {
        const stored = await repo.claimIdempotencyKey(tx, caller.userId, idempotencyKey, requestHash);
        if (stored) {
          if (stored.requestHash !== requestHash) throw new DomainError(ERROR_CODE.idempotencyKeyReused, WITHDRAW_OWN_MSG.idempotencyMismatch);
          return { created: false, replay: { statusCode: stored.statusCode, body: stored.response } };
        }
      }
      // Money is moved by the event's owner only (a globalAdmin may look, not withdraw).
      const event = await repo.findAccountEvent(tx, { coinAccountId: coinId }, scopeOf(caller, Permission.PayoutWithdraw));
      if (!event) throw notFound();
      await lockCoinAccount(tx, event.eventId);
      const account = (await coinAccountWithBalance(tx, event.eventId))!;
      const open = await repo.openWithdrawal(tx, event.eventId);
      const refusal = withdrawalRefusal(eventFacts(event), { status: account.status, hasOpenWithdrawal: Boolean(open) }, now);
      if (refusal) throw refusal.code === 'WITHDRAWAL_PENDING' ? conflict(refusal.message, ERROR_CODE.withdrawPending) : notAllowed(refusal.message);
      await lockUser(tx, caller.userId);
      const capped = await this.limits.refusal(tx, account.id, caller.userId, now);
      if (capped) throw capped;
      if (!account.bankCode || !account.bankAccountName || !account.bankAccountNumber) throw notAllowed(WITHDRAW_OWN_MSG.noBankAccount);
      const amountRefusal = withdrawalAmountRefusal(body.amount, account.balance);
      if (amountRefusal) throw notAllowed(amountRefusal.message, [{ message: amountRefusal.message, path: 'amount' }]);

      const code = newCode();
      const w = await repo.insertWithdrawal(tx, {
        referenceId: newReferenceId(now), coinAccountId: account.id, eventId: event.eventId, requestedBy: caller.userId,
        amount: body.amount, status: 'unverified', bankCode: account.bankCode, bankAccountName: account.bankAccountName,
        bankAccountNumber: account.bankAccountNumber, codeSentAt: now, codeExpiresAt: new Date(now.getTime() + WITHDRAW_CODE.ttlMinutes * MINUTE),
        createdAt: now,
      });
      const stored = (await repo.updateWithdrawal(tx, w.id, { codeHash: hashCode(w.id, code) }))!;
      await appendEntries(tx, [{ coinAccountId: account.id, eventId: event.eventId, kind: 'withdrawal_reserve', amount: -body.amount, withdrawalId: w.id, createdAt: now }]);
      await repo.audit(tx, { action: 'withdrawal_requested', actorId: caller.userId, coinAccountId: account.id, withdrawalId: w.id, detail: { amount: body.amount, idempotencyKey: idempotencyKey ?? null }, createdAt: now });
      await recordAudit(tx, caller, {
        action: 'withdrawal.requested', organizationId: event.organizationId, targetType: 'withdrawal', targetId: w.id, summary: event.name ?? undefined,
        detail: { eventId: event.eventId, amount: body.amount, referenceId: w.referenceId },
      }, now);
      // The code goes to the member who asked; every owner is told a withdrawal was requested.
      await this.sendCode(caller.email, code, stored, event.name);
      await this.tellOwners(tx, event, stored, caller, now);
      const requested: WithdrawalRequested = { email: maskEmail(caller.email), verification: verificationState(stored, caller.email) };
      if (idempotency) {
        const answer = idempotency.answerOf(requested);
        await repo.storeIdempotentAnswer(tx, caller.userId, idempotency.key, answer.statusCode, answer.body);
      }
      return { created: true as const, ...requested };
    });
  }

  /**
   * `POST …/withdrawal/verif`: the right code confirms the request (it then waits for the
   * transfer); a wrong one counts, the fifth wrong one or a lapsed code closes the request and
   * releases its amount. Refusals that close the request are answered after the commit.
   */
  async verify(caller: Caller, eoCoinId: string, code: string, now = new Date()) {
    const outcome = await this.withOpenRequest(caller, eoCoinId, now, async (tx, w, event) => {
      if (codeMatches(w.codeHash, w.id, code)) {
        const verified = (await repo.updateWithdrawal(tx, w.id, { status: 'pending', verifiedAt: now, codeHash: null }))!;
        await repo.audit(tx, { action: 'withdrawal_verified', actorId: caller.userId, coinAccountId: w.coinAccountId, withdrawalId: w.id, createdAt: now });
        await recordAudit(tx, caller, {
          action: 'withdrawal.verified', organizationId: event.organizationId, targetType: 'withdrawal', targetId: w.id, summary: event.name ?? undefined,
          detail: { eventId: event.eventId, amount: w.amount, referenceId: w.referenceId },
        }, now);
        return { verified, eventName: event.name };
      }
      const attempts = w.codeAttempts + 1;
      await repo.updateWithdrawal(tx, w.id, { codeAttempts: attempts });
      await repo.audit(tx, { action: 'withdrawal_code_rejected', actorId: caller.userId, coinAccountId: w.coinAccountId, withdrawalId: w.id, detail: { attempts }, createdAt: now });
      // This wrong code may have reached a day's cap: the request closes and withdrawals lock.
      const locked = await this.limits.lockRefusal(tx, w.coinAccountId, caller.userId, now);
      if (locked) {
        await closeWithdrawal(tx, w, 'expired', caller.userId, now, 'withdrawals_locked');
        return locked;
      }
      if (attempts >= WITHDRAW_CODE.maxAttempts) {
        await closeWithdrawal(tx, w, 'expired', caller.userId, now, 'too_many_attempts');
        return new DomainError(ERROR_CODE.withdrawCodeTooMany, WITHDRAW_OWN_MSG.codeTooMany);
      }
      const message = fill(WITHDRAW_OWN_MSG.codeWrong, { left: WITHDRAW_CODE.maxAttempts - attempts });
      return new DomainError(ERROR_CODE.withdrawCodeWrong, message, { errors: [{ message, path: 'code' }] });
    });
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  /** `POST …/withdrawal/resend`: a new code (the old one stops working), at most once a minute. */
  async resend(caller: Caller, eoCoinId: string, now = new Date()): Promise<VerificationState> {
    const outcome = await this.withOpenRequest(caller, eoCoinId, now, async (tx, w, event) => {
      const wait = Math.ceil(((w.codeSentAt?.getTime() ?? 0) + WITHDRAW_CODE.resendAfterSeconds * 1000 - now.getTime()) / 1000);
      if (wait > 0) return new DomainError(ERROR_CODE.withdrawResendWait, fill(WITHDRAW_OWN_MSG.resendWait, { seconds: wait }), { retryAfterSeconds: wait });
      const code = newCode();
      const stored = (await repo.updateWithdrawal(tx, w.id, {
        codeHash: hashCode(w.id, code), codeSentAt: now, codeExpiresAt: new Date(now.getTime() + WITHDRAW_CODE.ttlMinutes * MINUTE),
      }))!;
      await repo.audit(tx, { action: 'withdrawal_code_resent', actorId: caller.userId, coinAccountId: w.coinAccountId, withdrawalId: w.id, createdAt: now });
      const requester = await repo.emailOf(tx, w.requestedBy);
      await this.sendCode(requester, code, stored, event.name);
      return verificationState(stored, requester);
    });
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  /** The caller's unverified request of an account, locked; a lapsed one is closed first (and answered 409). */
  private async withOpenRequest<T>(
    caller: Caller, eoCoinId: string, now: Date,
    work: (tx: Tx, w: repo.WithdrawalRow, event: repo.AccountEvent) => Promise<T | DomainError>,
  ): Promise<T | DomainError> {
    if (!isUuid(eoCoinId)) throw notFound();
    return this.db.transaction(async (tx) => {
      const event = await repo.findAccountEvent(tx, { coinAccountId: eoCoinId }, scopeOf(caller, Permission.PayoutWithdraw));
      if (!event) throw notFound();
      await lockCoinAccount(tx, event.eventId);
      const w = await repo.openWithdrawal(tx, event.eventId, true);
      // Only the member who requested it holds its code.
      if (!w || w.status !== 'unverified' || w.requestedBy !== caller.userId) throw conflict(WITHDRAW_OWN_MSG.noVerification);
      if (w.codeExpiresAt! <= now) {
        await closeWithdrawal(tx, w, 'expired', null, now, 'code_lapsed');
        return new DomainError(ERROR_CODE.withdrawCodeExpired, WITHDRAW_OWN_MSG.codeExpired);
      }
      // Locked (e.g. by wrong codes on another of the user's accounts): no code is checked, not even the right one.
      await lockUser(tx, caller.userId);
      const locked = await this.limits.lockRefusal(tx, w.coinAccountId, caller.userId, now);
      if (locked) {
        await closeWithdrawal(tx, w, 'expired', null, now, 'withdrawals_locked');
        return locked;
      }
      return work(tx, w, event);
    });
  }

  /** Closes every unverified request whose code lapsed (run before money reads and once a minute). */
  async expireLapsed(now = new Date(), eventId?: string): Promise<number> {
    // Account first, then the request: the lock order of requests, verifications and the admin's
    // status, so a sweep meeting a verification of the same request cannot deadlock with it.
    let closed = 0;
    for (const candidate of await repo.lapsedWithdrawals(this.db, now, eventId)) {
      closed += await this.db.transaction(async (tx) => {
        await lockCoinAccount(tx, candidate.eventId);
        const w = await repo.lockLapsedWithdrawal(tx, candidate.id, now);
        if (w) await closeWithdrawal(tx, w, 'expired', null, now, 'code_lapsed');
        return w ? 1 : 0;
      });
    }
    return closed;
  }

  /** Every owner hears of a request inside its transaction, as of a bank account change: one nobody was told of is not made. */
  private async tellOwners(tx: Tx, event: repo.AccountEvent, w: repo.WithdrawalRow, caller: Caller, now: Date) {
    // The requester's own code mail already tells them.
    for (const to of (await repo.ownerEmails(tx, event.organizationId)).filter((email) => email !== caller.email)) {
      await this.mailer.send(withdrawalRequestedMail(to, { w, eventName: event.name, by: { name: caller.name, email: caller.email }, at: now }))
        .catch(() => { throw new DomainError(ERROR_CODE.withdrawMailFailed, WITHDRAW_OWN_MSG.mailFailed); });
    }
  }

  private async sendCode(email: string, code: string, w: repo.WithdrawalRow, eventName: string) {
    try {
      await this.mailer.send(codeMail(email, { code, amount: w.amount, eventName, referenceId: w.referenceId }));
    } catch {
      throw new DomainError(ERROR_CODE.withdrawMailFailed, WITHDRAW_OWN_MSG.mailFailed);
    }
  }
}
