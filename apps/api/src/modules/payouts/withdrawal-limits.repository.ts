import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery, preparedShapes } from '../../db/prepared-sql.js';
import { moneyAudit, users, withdrawals } from '../../db/schema/index.js';

/** Whose wrong codes: one coin account's (any user), or one user's (any account). */
export type FailureScope = { coinAccountId: string } | { userId: string };

/** When an admin last lifted the lock of this scope, if ever (the `withdrawal_unlocked` audit rows). */
export async function lastUnlock(db: DbOrTx, scope: FailureScope): Promise<Date | null> {
  const [row] = await lastUnlockOf(db, 'coinAccountId' in scope ? 'account' : 'user', { ...scope });
  return row?.at ? new Date(row.at) : null;
}

// The coin account page checks the day's caps on every view (an account's and its user's): each
// read built once per scope (see preparedShapes).
const lastUnlockOf = preparedShapes('payouts_last_unlock', (db, of: 'account' | 'user') => db
  .select({ at: sql<string | Date | null>`max(${moneyAudit.createdAt})` })
  .from(moneyAudit)
  .where(and(
    eq(moneyAudit.action, 'withdrawal_unlocked'),
    of === 'account' ? eq(moneyAudit.coinAccountId, sql.placeholder('coinAccountId')) : sql`${moneyAudit.detail}->>'userId' = ${sql.placeholder('userId')}`,
  )));

/** The times of the scope's most recent wrong codes after `from`, newest first, at most `limit`. */
export async function recentCodeFailures(db: DbOrTx, scope: FailureScope, from: Date, limit: number): Promise<Date[]> {
  const rows = await codeFailuresOf(db, 'coinAccountId' in scope ? 'account' : 'user', { ...scope, from: from.toISOString(), limit });
  return rows.map((r) => r.at);
}

const codeFailuresOf = preparedShapes('payouts_recent_code_failures', (db, of: 'account' | 'user') => db
  .select({ at: moneyAudit.createdAt })
  .from(moneyAudit)
  .where(and(
    eq(moneyAudit.action, 'withdrawal_code_rejected'),
    of === 'account' ? eq(moneyAudit.coinAccountId, sql.placeholder('coinAccountId')) : eq(moneyAudit.actorId, sql.placeholder('userId')),
    gt(moneyAudit.createdAt, sql.placeholder('from')),
  ))
  .orderBy(desc(moneyAudit.createdAt))
  .limit(sql.placeholder('limit')));

/** The times of the account's most recent withdrawal requests after `from`, newest first, at most `limit`. */
export async function recentRequests(db: DbOrTx, coinAccountId: string, from: Date, limit: number): Promise<Date[]> {
  const rows = await requestsOf(db, { coinAccountId, from: from.toISOString(), limit });
  return rows.map((r) => r.at);
}

const requestsOf = preparedQuery('payouts_recent_requests', (db) => db
  .select({ at: withdrawals.createdAt })
  .from(withdrawals)
  .where(and(eq(withdrawals.coinAccountId, sql.placeholder('coinAccountId')), gt(withdrawals.createdAt, sql.placeholder('from'))))
  .orderBy(desc(withdrawals.createdAt))
  .limit(sql.placeholder('limit')));

/**
 * Serializes one user's money actions across their accounts (taken after the account's lock), so
 * concurrent wrong codes on two accounts cannot both slip under the per-user cap. `no key update`
 * leaves the key-share locks of inserts referencing the user free.
 */
export async function lockUser(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
