import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { moneyAudit, users, withdrawals } from '../../db/schema/index.js';

/**
 * The entries that decide the day's caps (see WithdrawalLimits): for each count, the `cap`-th
 * newest entry since the later of a day ago and that scope's last unlock (the
 * `withdrawal_unlocked` audit rows), or null while there are fewer. A cap holds until that entry
 * is a day old.
 */
export interface CapEntries {
  /** Wrong codes on the coin account, by anyone. */
  accountFailure: Date | null;
  /** Wrong codes by the user, on any account. */
  userFailure: Date | null;
  /** Withdrawal requests of the coin account. */
  request: Date | null;
}

/**
 * CapEntries as scalar subqueries of the coin account `accountId` (an SQL expression of the
 * statement they go into), so a page or a check reads them in the statement it already makes.
 * Their values are placeholders, filled by WithdrawalLimits.capValues: `userId`, `dayAgo`, and
 * each cap less one as `accountSkip`, `userSkip`, `requestSkip`.
 */
export function capEntriesSql(accountId: SQL): { [K in keyof CapEntries]: SQL<Date | null> } {
  const dayAgo = sql`${sql.placeholder('dayAgo')}::timestamptz`;
  const unlocked = (whose: SQL) => sql`greatest((select max(u.created_at) from ${moneyAudit} u where u.action = 'withdrawal_unlocked' and ${whose}), ${dayAgo})`;
  const accountSince = unlocked(sql`u.coin_account_id = ${accountId}`);
  const userSince = unlocked(sql`u.detail->>'userId' = ${sql.placeholder('userId')}::text`);
  const nth = (from: SQL, where: SQL, since: SQL, skip: string) =>
    sql`(select f.created_at from ${from} f where ${where} and f.created_at > ${since} order by f.created_at desc offset ${sql.placeholder(skip)} limit 1)`
      .mapWith(asDate);
  return {
    accountFailure: nth(sql`${moneyAudit}`, sql`f.action = 'withdrawal_code_rejected' and f.coin_account_id = ${accountId}`, accountSince, 'accountSkip'),
    userFailure: nth(sql`${moneyAudit}`, sql`f.action = 'withdrawal_code_rejected' and f.actor_id = ${sql.placeholder('userId')}::uuid`, userSince, 'userSkip'),
    request: nth(sql`${withdrawals}`, sql`f.coin_account_id = ${accountId}`, accountSince, 'requestSkip'),
  };
}

// node-postgres answers a timestamp of a raw expression as text.
const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));

/** CapEntries of one coin account for `values` (WithdrawalLimits.capValues), in one statement. */
export async function capEntries(db: DbOrTx, coinAccountId: string, values: Record<string, unknown>): Promise<CapEntries> {
  const [row] = await capEntriesOf(db, { ...values, coinAccountId });
  return row;
}

const capEntriesOf = preparedQuery('payouts_cap_entries', (db) => db
  .select(capEntriesSql(sql`${sql.placeholder('coinAccountId')}::uuid`))
  .from(sql`(select 1) as one`));

/**
 * Serializes one user's money actions across their accounts (taken after the account's lock), so
 * concurrent wrong codes on two accounts cannot both slip under the per-user cap. `no key update`
 * leaves the key-share locks of inserts referencing the user free.
 */
export async function lockUser(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
