import { fill, OWN_MSG } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { DomainError, ERROR_CODE } from '../../lib/errors.js';
import { bumpAttempts, claimSlot, clearFailures, clearFailuresStartingWith, unbumpAttempts } from './auth.repository.js';

/**
 * Slows password guessing without handing anyone a way to lock an organizer out.
 * Every attempt is counted in one statement *before* the password is checked, so concurrent
 * guesses cannot outrun a limit; an attempt refused before the check is taken back.
 * - per (account, address): `maxFailures` failures lock that pair for `lockMinutes`;
 * - per address: `maxFailuresPerIp` failures over any accounts lock the address as long;
 * - per account, whatever the address: past `accountSlowAfter` failures in a day, one password
 *   check at a time, each waiting twice as long as the one before (1 s, 2 s, 4 s … at most
 *   `accountMaxDelaySeconds`). It slows, it never locks: the owner signs in once the delay passed.
 * A success clears the pair's and the account's failures and does not count against the address.
 * Kept in the database (`login_failures`) so every API process shares it.
 */
export interface ThrottleLimits {
  maxFailures: number;
  maxFailuresPerIp: number;
  lockMinutes: number;
  accountSlowAfter: number;
  accountMaxDelaySeconds: number;
}

const ACCOUNT_WINDOW_MS = 24 * 3_600_000;
const normal = (email: string) => email.trim().toLowerCase();
const keys = (email: string, ip: string) => ({
  pair: `pair:${normal(email)}|${ip}`,
  ip: `ip:${ip}`,
  account: `acct:${normal(email)}`,
  slot: `slot:${normal(email)}`,
});

function tooMany(retryMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return new DomainError(ERROR_CODE.tooManyRequests, fill(OWN_MSG.tooManyAttempts, { minutes: Math.ceil(seconds / 60) }), { retryAfterSeconds: seconds });
}

export class LoginThrottle {
  constructor(private readonly db: Db, private readonly limits: ThrottleLimits) {}

  /** The delay before the next check once an account has `failures` (> accountSlowAfter) failures. */
  accountDelayMs(failures: number): number {
    const over = Math.max(1, failures - this.limits.accountSlowAfter);
    return Math.min(this.limits.accountMaxDelaySeconds, 2 ** Math.min(over - 1, 30)) * 1000;
  }

  /** Counts this attempt or throws 429; call `failed` or `succeeded` after checking the password. */
  async begin(email: string, ip: string, now: Date): Promise<void> {
    const k = keys(email, ip);
    const lockMs = this.limits.lockMinutes * 60_000;
    const cutoff = new Date(now.getTime() - lockMs);
    const counted: string[] = [];
    const refuse = async (retryMs: number) => {
      for (const key of counted) await unbumpAttempts(this.db, key);
      return tooMany(retryMs);
    };
    for (const [key, max] of [[k.pair, this.limits.maxFailures], [k.ip, this.limits.maxFailuresPerIp]] as const) {
      const row = await bumpAttempts(this.db, key, now, cutoff);
      if (row.count > max) throw await refuse(row.windowStart.getTime() + lockMs - now.getTime());
      counted.push(key);
    }
    const account = await bumpAttempts(this.db, k.account, now, new Date(now.getTime() - ACCOUNT_WINDOW_MS));
    counted.push(k.account);
    if (account.count > this.limits.accountSlowAfter) {
      const openAt = await claimSlot(this.db, k.slot, now, new Date(now.getTime() + this.accountDelayMs(account.count)));
      if (openAt) throw await refuse(openAt.getTime() - now.getTime());
    }
  }

  /** A correct password: the pair and the account start afresh; the address's count is given back. */
  async succeeded(email: string, ip: string): Promise<void> {
    const k = keys(email, ip);
    await clearFailures(this.db, k.pair);
    await clearFailures(this.db, k.account);
    await clearFailures(this.db, k.slot);
    await unbumpAttempts(this.db, k.ip);
  }

  /**
   * The account's owner proved themselves another way (a password reset link from their
   * mailbox): its failures, from every address, are forgotten. Addresses' own counts stay.
   */
  async forgive(email: string): Promise<void> {
    const k = keys(email, '');
    await clearFailuresStartingWith(this.db, k.pair);
    await clearFailures(this.db, k.account);
    await clearFailures(this.db, k.slot);
  }
}
