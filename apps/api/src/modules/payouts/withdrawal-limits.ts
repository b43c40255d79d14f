import { fill, formatWibDateTime, WITHDRAW_OWN_MSG } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, ERROR_CODE, secondsUntil, type ErrorCode } from '../../lib/errors.js';
import { capEntries, type CapEntries } from './withdrawal-limits.repository.js';

/**
 * Caps that make the 6-digit code impossible to brute-force across requests: each
 * request allows 5 tries, so the wrong codes are also capped per coin account and per user over a
 * rolling day, and so are the requests per account. Past a cap, withdrawals wait until enough of
 * the day's entries have aged out, or until a globalAdmin unlocks (`withdrawal_unlocked` audit row,
 * which restarts every count of that account and its owner). Counted from `money_audit` and
 * `withdrawals`, which record every wrong code and request anyway, in the statement of the caller
 * (capEntriesSql): the coin account page reads them in its own one.
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

/** When the cap-th newest entry ages out of the day (the count drops below the cap then); null: under the cap. */
const capEnd = (capth: Date | null) => (capth ? new Date(capth.getTime() + DAY_MS) : null);

export class WithdrawalLimits {
  constructor(private readonly settings: WithdrawalLimitSettings) {}

  /** The placeholders of capEntriesSql for this caller at `now`. */
  capValues(userId: string, now: Date): Record<string, unknown> {
    const s = this.settings;
    return {
      userId, dayAgo: new Date(now.getTime() - DAY_MS).toISOString(),
      accountSkip: s.codeFailuresPerAccount - 1, userSkip: s.codeFailuresPerUser - 1, requestSkip: s.requestsPerDay - 1,
    };
  }

  /** Until when too many wrong codes lock withdrawals from this account by this user, or null. */
  lockedUntil(entries: CapEntries, now: Date): Date | null {
    const ends = [capEnd(entries.accountFailure), capEnd(entries.userFailure)].filter((end): end is Date => end !== null && end > now);
    return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
  }

  lockedMessage(until: Date): string {
    return fill(WITHDRAW_OWN_MSG.locked, { until: formatWibDateTime(until) });
  }

  /** The locked refusal (retry after the lock ends), or null. */
  lockRefusalOf(entries: CapEntries, now: Date): DomainError | null {
    const until = this.lockedUntil(entries, now);
    return until ? refusal(ERROR_CODE.withdrawLocked, this.lockedMessage(until), until, now) : null;
  }

  /** The locked refusal, else the daily request cap of the account (retry after the oldest request ages out), or null. */
  refusalOf(entries: CapEntries, now: Date): DomainError | null {
    const locked = this.lockRefusalOf(entries, now);
    if (locked) return locked;
    const end = capEnd(entries.request);
    if (!end || end <= now) return null;
    const cap = this.settings.requestsPerDay;
    return refusal(ERROR_CODE.withdrawDailyLimit, fill(WITHDRAW_OWN_MSG.dailyLimit, { max: cap, until: formatWibDateTime(end) }), end, now);
  }

  /** lockRefusalOf this account and user as the database has them now (one statement). */
  async lockRefusal(db: DbOrTx, coinAccountId: string, userId: string, now: Date): Promise<DomainError | null> {
    return this.lockRefusalOf(await capEntries(db, coinAccountId, this.capValues(userId, now)), now);
  }

  /** refusalOf this account and user as the database has them now (one statement). */
  async refusal(db: DbOrTx, coinAccountId: string, userId: string, now: Date): Promise<DomainError | null> {
    return this.refusalOf(await capEntries(db, coinAccountId, this.capValues(userId, now)), now);
  }
}
