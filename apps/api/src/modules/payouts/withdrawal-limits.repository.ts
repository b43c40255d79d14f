import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { moneyAudit, users, withdrawals } from '../../db/schema/index.js';

/** Whose wrong codes: one coin account's (any user), or one user's (any account). */
export type FailureScope = { coinAccountId: string } | { userId: string };

/** When an admin last lifted the lock of this scope, if ever (the `withdrawal_unlocked` audit rows). */
export async function lastUnlock(db: DbOrTx, scope: FailureScope): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${moneyAudit.createdAt})` })
    .from(moneyAudit)
    .where(and(
      eq(moneyAudit.action, 'withdrawal_unlocked'),
      'coinAccountId' in scope ? eq(moneyAudit.coinAccountId, scope.coinAccountId) : sql`${moneyAudit.detail}->>'userId' = ${scope.userId}`,
    ));
  return row?.at ? new Date(row.at) : null;
}

/** The times of the scope's most recent wrong codes after `from`, newest first, at most `limit`. */
export async function recentCodeFailures(db: DbOrTx, scope: FailureScope, from: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: moneyAudit.createdAt })
    .from(moneyAudit)
    .where(and(
      eq(moneyAudit.action, 'withdrawal_code_rejected'),
      'coinAccountId' in scope ? eq(moneyAudit.coinAccountId, scope.coinAccountId) : eq(moneyAudit.actorId, scope.userId),
      gt(moneyAudit.createdAt, from),
    ))
    .orderBy(desc(moneyAudit.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** The times of the account's most recent withdrawal requests after `from`, newest first, at most `limit`. */
export async function recentRequests(db: DbOrTx, coinAccountId: string, from: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: withdrawals.createdAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.coinAccountId, coinAccountId), gt(withdrawals.createdAt, from)))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/**
 * Serializes one user's money actions across their accounts (taken after the account's lock), so
 * concurrent wrong codes on two accounts cannot both slip under the per-user cap. `no key update`
 * leaves the key-share locks of inserts referencing the user free.
 */
export async function lockUser(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
