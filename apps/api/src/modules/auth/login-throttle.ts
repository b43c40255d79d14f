import { fill, MESSAGE_ID, OWN_MSG } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { clearFailures, findFailure, recordFailure } from './auth.repository.js';

/**
 * Slows password guessing: after `maxFailures` failed sign-ins for one account (or
 * `maxFailuresPerIp` from one address) within the lock window, sign-in answers 429 with
 * Retry-After until the window ends. Kept in the database so every API process shares it.
 */
export interface ThrottleLimits { maxFailures: number; maxFailuresPerIp: number; lockMinutes: number }

const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export class LoginThrottle {
  constructor(private readonly db: Db, private readonly limits: ThrottleLimits) {}

  private windowMs() {
    return this.limits.lockMinutes * 60_000;
  }

  async assertAllowed(email: string, ip: string, now: Date): Promise<void> {
    const checks: [string, number][] = [
      [accountKey(email), this.limits.maxFailures],
      [ipKey(ip), this.limits.maxFailuresPerIp],
    ];
    for (const [key, max] of checks) {
      const row = await findFailure(this.db, key);
      if (!row || row.count < max) continue;
      const retryMs = row.windowStart.getTime() + this.windowMs() - now.getTime();
      if (retryMs <= 0) continue;
      const seconds = Math.ceil(retryMs / 1000);
      throw new AppError(
        429,
        fill(OWN_MSG.tooManyAttempts, { minutes: Math.ceil(seconds / 60) }),
        MESSAGE_ID.tooManyRequests,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
  }

  async recordFailure(email: string, ip: string, now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - this.windowMs());
    await recordFailure(this.db, accountKey(email), now, cutoff);
    await recordFailure(this.db, ipKey(ip), now, cutoff);
  }

  /** A successful sign-in forgets the account's failures (not the address's). */
  async recordSuccess(email: string): Promise<void> {
    await clearFailures(this.db, accountKey(email));
  }
}
