import { fill, formatWibDateTime, WITHDRAW_OWN_MSG } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, ERROR_CODE, secondsUntil, type ErrorCode } from '../../lib/errors.js';
import { lastUnlock, recentCodeFailures, recentRequests, type FailureScope } from './withdrawal-limits.repository.js';

/**
 * Caps that make the 6-digit code impossible to brute-force across requests (issue 14): each
 * request allows 5 tries, so the wrong codes are also capped per coin account and per user over a
 * rolling day, and so are the requests per account. Past a cap, withdrawals wait until enough of
 * the day's entries have aged out, or until a globalAdmin unlocks (`withdrawal_unlocked` audit row,
 * which restarts every count of that account and its owner). Counted from `money_audit` and
 * `withdrawals`, which record every wrong code and request anyway.
 */
export interface WithdrawalLimitSettings {
  codeFailuresPerAccount: number;
  codeFailuresPerUser: number;
  requestsPerDay: number;
}

export const DAY_MS = 86_400_000;

function refusal(code: ErrorCode, message: string, until: Date, now: Date): DomainError {
  return new DomainError(code, message, { retryAfterSeconds: secondsUntil(until, now) });
}

/** When the `cap`-th newest entry (newest first) ages out of the day: the count drops below the cap then. */
const capEnds = (newestFirst: Date[], cap: number) => (newestFirst.length >= cap ? new Date(newestFirst[cap - 1].getTime() + DAY_MS) : null);

export class WithdrawalLimits {
  constructor(private readonly settings: WithdrawalLimitSettings) {}

  private async since(db: DbOrTx, scope: FailureScope, now: Date) {
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const unlocked = await lastUnlock(db, scope);
    return unlocked && unlocked > dayAgo ? unlocked : dayAgo;
  }

  /** Until when too many wrong codes lock withdrawals from this account by this user, or null. */
  async lockedUntil(db: DbOrTx, coinAccountId: string, userId: string, now: Date): Promise<Date | null> {
    const ends: Date[] = [];
    for (const [scope, cap] of [
      [{ coinAccountId }, this.settings.codeFailuresPerAccount],
      [{ userId }, this.settings.codeFailuresPerUser],
    ] as const) {
      const end = capEnds(await recentCodeFailures(db, scope, await this.since(db, scope, now), cap), cap);
      if (end && end > now) ends.push(end);
    }
    return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
  }

  lockedMessage(until: Date): string {
    return fill(WITHDRAW_OWN_MSG.locked, { until: formatWibDateTime(until) });
  }

  /** The locked refusal (retry after the lock ends), or null. */
  async lockRefusal(db: DbOrTx, coinAccountId: string, userId: string, now: Date): Promise<DomainError | null> {
    const until = await this.lockedUntil(db, coinAccountId, userId, now);
    return until ? refusal(ERROR_CODE.withdrawLocked, this.lockedMessage(until), until, now) : null;
  }

  /** The daily request cap of the account (retry after the oldest request ages out), or null. */
  async requestRefusal(db: DbOrTx, coinAccountId: string, now: Date): Promise<DomainError | null> {
    const cap = this.settings.requestsPerDay;
    const end = capEnds(await recentRequests(db, coinAccountId, await this.since(db, { coinAccountId }, now), cap), cap);
    if (!end || end <= now) return null;
    return refusal(ERROR_CODE.withdrawDailyLimit, fill(WITHDRAW_OWN_MSG.dailyLimit, { max: cap, until: formatWibDateTime(end) }), end, now);
  }
}
