import { and, asc, desc, eq, inArray, lt, sql, type Placeholder } from 'drizzle-orm';
import { OPEN_WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery, preparedShapes } from '../../db/prepared-sql.js';
import { coinAccounts, events, idempotencyKeys, memberships, moneyAudit, users, withdrawals } from '../../db/schema/index.js';
import type { OwnerScope } from '../../lib/access.js';
import { balanceOfEvent } from '../../lib/counters.repository.js';
import { coinAccountIdOf } from '../../lib/ledger.repository.js';
import { capEntriesSql } from './withdrawal-limits.repository.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type MoneyAction =
  | 'bank_account_saved' | 'withdrawal_requested' | 'withdrawal_code_resent' | 'withdrawal_verified'
  | 'withdrawal_code_rejected' | 'withdrawal_expired' | 'withdrawal_sent' | 'withdrawal_failed' | 'withdrawal_unlocked';

/**
 * The event behind a coin account or an event id, with its owner's name and email, whether or not
 * it was deleted (a deleted event's withdrawal is refused with the spec's own text, not hidden).
 * `scope` from the access gate (lib/access.ts); empty: any owner (a globalAdmin looking, an admin action).
 */
export async function findAccountEvent(db: DbOrTx, by: { eventId: string } | { coinAccountId: string }, { organizationId }: OwnerScope = {}) {
  const [row] = await db
    .select({
      eventId: events.id, name: events.name, organizationId: events.organizationId, creatorId: events.creatorId, deletedAt: events.deletedAt,
      isDraft: events.isDraft, isPaidEvent: events.isPaidEvent, registrationMethod: events.registrationMethod,
      lastEventAt: events.lastEventAt, ownerEmail: users.email, ownerName: users.name,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(and(
      'eventId' in by ? eq(events.id, by.eventId) : sql`${events.id} = (select event_id from ${coinAccounts} where id = ${by.coinAccountId}::uuid)`,
      organizationId ? eq(events.organizationId, organizationId) : undefined,
    ));
  return row;
}
export type AccountEvent = NonNullable<Awaited<ReturnType<typeof findAccountEvent>>>;

/**
 * The coin account page in one read-only statement: the event (within `scope`), its account's bank
 * details (`accountStored` false before its first sale or first look), the balance from the
 * counters, the open withdrawal (at most one per event), with whether its code has lapsed, and the
 * entries of the day's caps (`capValues` from WithdrawalLimits.capValues: the caller's).
 */
export async function coinAccountView(db: DbOrTx, eventId: string, { organizationId }: OwnerScope, now: Date, capValues: Record<string, unknown>) {
  const [row] = await coinAccountOf(db, organizationId ? 'organization' : 'platform', { ...capValues, eventId, organizationId, now: now.toISOString() });
  return row;
}

// The coin account page's one statement, per scope, built once (see preparedShapes).
// One event by its id: planned once for all events (see PlanMode).
const coinAccountOf = preparedShapes('payouts_coin_account_view', (db, scope: 'organization' | 'platform') => db
  .select({
    event: {
      eventId: events.id, name: events.name, organizationId: events.organizationId, deletedAt: events.deletedAt,
      isDraft: events.isDraft, isPaidEvent: events.isPaidEvent, registrationMethod: events.registrationMethod, lastEventAt: events.lastEventAt,
    },
    accountId: sql<string>`${coinAccountIdOf(sql`${events.id}`)}`,
    accountStored: sql<boolean>`${coinAccounts.id} is not null`,
    bankCode: coinAccounts.bankCode, bankAccountName: coinAccounts.bankAccountName, bankAccountNumber: coinAccounts.bankAccountNumber,
    balance: balanceOfEvent(sql`${events.id}`),
    open: withdrawals,
    lapsed: sql<boolean>`coalesce(${lapsed(sql.placeholder('now'))}, false)`,
    caps: capEntriesSql(coinAccountIdOf(sql`${events.id}`)),
  })
  .from(events)
  .leftJoin(coinAccounts, eq(coinAccounts.eventId, events.id))
  .leftJoin(withdrawals, and(eq(withdrawals.eventId, events.id), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES])))
  .where(and(eq(events.id, sql.placeholder('eventId')), scope === 'organization' ? eq(events.organizationId, sql.placeholder('organizationId')) : undefined)), () => 'generic');

export async function openWithdrawal(db: DbOrTx, eventId: string, lock = false) {
  const query = db.select().from(withdrawals)
    .where(and(eq(withdrawals.eventId, eventId), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES])));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertWithdrawal(db: DbOrTx, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row;
}

export async function updateWithdrawal(db: DbOrTx, id: string, set: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await db.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
  return row;
}

export async function findByReference(db: DbOrTx, referenceId: string) {
  const [row] = await db.select({ eventId: withdrawals.eventId }).from(withdrawals).where(eq(withdrawals.referenceId, referenceId));
  return row;
}

export async function lockWithdrawalByReference(db: DbOrTx, referenceId: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.referenceId, referenceId)).for('update');
  return row;
}

/** An unverified request whose code has lapsed (its reservation still held until a sweep closes it). */
export const lapsed = (now: Date | Placeholder) => and(eq(withdrawals.status, 'unverified'), lt(withdrawals.codeExpiresAt, now));

/** Unverified requests whose code has lapsed (not locked: each is locked after its account). */
export async function lapsedWithdrawals(db: DbOrTx, now: Date, eventId?: string) {
  return lapsedOf(db, eventId ? 'event' : 'all', { now: now.toISOString(), eventId });
}

// Swept before every withdrawal list is read: built once per variant (see preparedShapes).
const lapsedOf = preparedShapes('payouts_lapsed_withdrawals', (db, of: 'event' | 'all') => db
  .select({ id: withdrawals.id, eventId: withdrawals.eventId }).from(withdrawals)
  .where(and(lapsed(sql.placeholder('now')), of === 'event' ? eq(withdrawals.eventId, sql.placeholder('eventId')) : undefined)));

/** The request, locked, if it is still unverified and lapsed; undefined if another sweep holds it or closed it. */
export async function lockLapsedWithdrawal(db: DbOrTx, id: string, now: Date) {
  const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.id, id), lapsed(now))).for('update', { skipLocked: true });
  return row;
}

export async function saveBankAccount(db: DbOrTx, coinAccountId: string, bank: { bankCode: string; accountName: string; accountNumber: string }, now: Date) {
  await db.update(coinAccounts)
    .set({ bankCode: bank.bankCode, bankAccountName: bank.accountName, bankAccountNumber: bank.accountNumber, updatedAt: now })
    .where(eq(coinAccounts.id, coinAccountId));
}

export async function audit(db: DbOrTx, row: {
  action: MoneyAction; actorId: string | null; coinAccountId: string; withdrawalId?: string | null; detail?: Record<string, unknown>; createdAt: Date;
}) {
  await db.insert(moneyAudit).values({ ...row, detail: row.detail ?? {} });
}

/**
 * Claims an Idempotency-Key inside the caller's transaction. A concurrent holder of the same key
 * makes this insert wait until it commits; then the key exists and its stored answer is returned.
 */
export async function claimIdempotencyKey(db: DbOrTx, userId: string, key: string, requestHash: string) {
  const claimed = await db.insert(idempotencyKeys)
    .values({ userId, key, requestHash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return null;
  const [stored] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return stored;
}

export async function storeIdempotentAnswer(db: DbOrTx, userId: string, key: string, statusCode: number, response: unknown) {
  await db.update(idempotencyKeys).set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export const isOpen = (status: WithdrawalStatus) => (OPEN_WITHDRAWAL_STATUSES as readonly string[]).includes(status);

/** The bank account saved on a coin account of one of the organization's events, if any. */
export async function ownBankAccount(db: DbOrTx, coinAccountId: string, organizationId: string) {
  const [row] = await db
    .select({ bankCode: coinAccounts.bankCode, accountName: coinAccounts.bankAccountName, accountNumber: coinAccounts.bankAccountNumber })
    .from(coinAccounts)
    .innerJoin(events, eq(events.id, coinAccounts.eventId))
    .where(and(eq(coinAccounts.id, coinAccountId), eq(events.organizationId, organizationId)));
  if (!row) return undefined;
  // The caller's own coin account with nothing saved on it yet: known to them, but nothing to copy.
  return row.bankCode && row.accountName && row.accountNumber
    ? { bankCode: row.bankCode, accountName: row.accountName, accountNumber: row.accountNumber }
    : null;
}

/** The distinct bank accounts saved on the organization's coin accounts, the latest save of each first (at most 20). */
export async function savedBankAccounts(db: DbOrTx, organizationId: string) {
  const rows = await bankAccountsOf(db, { organizationId });
  return rows
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
    .slice(0, 20)
    .map((r) => ({ id: r.id, bankCode: r.bankCode!, accountName: r.accountName!, accountNumber: r.accountNumber! }));
}

// Read each time the bank account form opens: built once (see preparedQuery).
// An organization's accounts: planned once for all organizations (see PlanMode), read through
// coin_accounts_org_saved_bank_idx (only accounts with a bank saved; migration 0039).
const bankAccountsOf = preparedQuery('payouts_saved_bank_accounts', (db) => db
  .selectDistinctOn([coinAccounts.bankCode, coinAccounts.bankAccountName, coinAccounts.bankAccountNumber], {
    id: coinAccounts.id, bankCode: coinAccounts.bankCode, accountName: coinAccounts.bankAccountName,
    accountNumber: coinAccounts.bankAccountNumber, updatedAt: coinAccounts.updatedAt,
  })
  .from(coinAccounts)
  .where(and(eq(coinAccounts.organizationId, sql.placeholder('organizationId')), sql`${coinAccounts.bankCode} is not null and ${coinAccounts.bankAccountName} is not null and ${coinAccounts.bankAccountNumber} is not null`))
  .orderBy(coinAccounts.bankCode, coinAccounts.bankAccountName, coinAccounts.bankAccountNumber, desc(coinAccounts.updatedAt)), 'generic');

/** The emails of the organization's owners: told of every bank account change and withdrawal request. */
export async function ownerEmails(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.createdAt));
  return rows.map((r) => r.email);
}

/** The email of the member who requested a withdrawal: its codes go to them only. */
export async function emailOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row.email;
}
