import { and, asc, desc, eq, exists, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { balancesOfEvents } from '../../lib/counters.repository.js';
import { preparedShapes } from '../../db/prepared-sql.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { coinAccounts, events, ledgerEntries, withdrawals } from '../../db/schema/index.js';
import { lapsed } from './withdrawals.repository.js';

const ownedBy = (organizationId?: string) => (organizationId ? eq(events.organizationId, organizationId) : undefined);

/**
 * What a withdrawal list, one withdrawal and its receipt show, its times as the answer's ISO
 * strings (db/iso-timestamp): not the whole row, whose code and other times were read, each made
 * a Date, for nothing (a page of ten made sixty).
 */
const shown = {
  id: withdrawals.id, referenceId: withdrawals.referenceId, coinAccountId: withdrawals.coinAccountId, eventId: withdrawals.eventId,
  amount: withdrawals.amount, status: withdrawals.status,
  bankCode: withdrawals.bankCode, bankAccountName: withdrawals.bankAccountName, bankAccountNumber: withdrawals.bankAccountNumber,
  createdAt: isoTimestamp(withdrawals.createdAt), sentAt: isoTimestamp<string | null>(withdrawals.sentAt),
};
export type ShownWithdrawal = Awaited<ReturnType<typeof findWithdrawal>>['w'];

/** One page of withdrawals of the caller's events (all for a globalAdmin), with the event name. */
export async function withdrawalPage(db: DbOrTx, q: {
  organizationId?: string; eventId?: string; now: Date; page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'createdAt' | 'amount';
}) {
  const scope = q.organizationId ? 'org' : 'all';
  const filters = `${scope}${q.eventId ? 'event' : ''}`;
  const values = { organizationId: q.organizationId, eventId: q.eventId, now: q.now.toISOString(), limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await withdrawalsPage(db, `${filters}_${q.sortParam}_${q.sortBy}`, values);
  const count = async () => (await withdrawalsCount(db, filters, values))[0].n;
  return { rows, count, lapsed: () => lapsedOfPage(db, rows, scope, values) };
}

/**
 * Whether an unverified request of the scope's events has a lapsed code (its reservation is still
 * held): the page then waits for the sweep. Each page's statement says it in every row (`lapsed`,
 * an uncorrelated EXISTS run once); a page with no row asks apart.
 */
const lapsedInScope = (db: DbOrTx, scope: string) => db.select({ one: sql`1` }).from(withdrawals)
  .innerJoin(events, eq(events.id, withdrawals.eventId))
  .where(and(lapsed(sql.placeholder('now')), scope === 'org' ? eq(events.organizationId, sql.placeholder('organizationId')) : undefined));
const lapsedColumn = (db: DbOrTx, scope: string) => sql<boolean>`${exists(lapsedInScope(db, scope))}`;
const lapsedAlone = preparedShapes('payouts_lapsed_in_scope', (db, scope) => lapsedInScope(db, scope).limit(1));
async function lapsedOfPage(db: DbOrTx, rows: { lapsed: boolean }[], scope: string, values: { organizationId?: string; now: string }) {
  return rows.length ? rows[0].lapsed : (await lapsedAlone(db, scope, values)).length > 0;
}

/** The conditions of a withdrawal list's shape (its values as placeholders). */
const withdrawalsWhere = (filters: string) => and(
  filters.startsWith('org') ? eq(events.organizationId, sql.placeholder('organizationId')) : undefined,
  filters.endsWith('event') ? eq(withdrawals.eventId, sql.placeholder('eventId')) : undefined,
);

// The withdrawal history's page: one statement per scope, event filter and order, each built
// once (see preparedShapes).
// By organization, event or none, in an index's order: planned once for all values (see PlanMode).
const withdrawalsPage = preparedShapes('payouts_withdrawals_page', (db, shape) => {
  const [filters, sortParam, sortBy] = shape.split('_');
  const column = sortParam === 'amount' ? withdrawals.amount : withdrawals.createdAt;
  const order = sortBy === 'asc' ? asc : desc;
  return db
    .select({ w: shown, eventName: events.name, total: sql<number>`count(*) over ()`.mapWith(Number), lapsed: lapsedColumn(db, filters.startsWith('org') ? 'org' : 'all') })
    .from(withdrawals)
    .innerJoin(events, eq(events.id, withdrawals.eventId))
    .where(withdrawalsWhere(filters))
    .orderBy(order(column), order(withdrawals.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}, () => 'generic');
const withdrawalsCount = preparedShapes('payouts_withdrawals_count', (db, filters) => db
  .select({ n: sql<number>`count(*)`.mapWith(Number) }).from(withdrawals)
  .innerJoin(events, eq(events.id, withdrawals.eventId)).where(withdrawalsWhere(filters)));

/** A withdrawal by reference (or id) with its event name, within the caller's events. */
export async function findWithdrawal(db: DbOrTx, ref: { referenceId: string } | { id: string }, organizationId?: string) {
  const [row] = await db
    .select({ w: shown, eventName: events.name })
    .from(withdrawals)
    .innerJoin(events, eq(events.id, withdrawals.eventId))
    .where(and('id' in ref ? eq(withdrawals.id, ref.id) : eq(withdrawals.referenceId, ref.referenceId), ownedBy(organizationId)));
  return row;
}

/** Sales net of refunds, and fees net of fee refunds, of an account up to a moment (an ISO string). */
export async function salesAndFeesUntil(db: DbOrTx, coinAccountId: string, until: string) {
  const [row] = await db
    .select({
      sales: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('sale', 'refund')), 0)`.mapWith(Number),
      fees: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('payment_fee', 'fee_refund')), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.coinAccountId, coinAccountId), lte(ledgerEntries.createdAt, sql`${until}::timestamptz`)));
  return row;
}

/**
 * Events of the caller whose revenue can be withdrawn now: published, over, not deleted, not
 * free with internal registration, no open withdrawal, and a balance of at least `minimum`.
 * The same conditions as the contract's `withdrawalRefusal`, in SQL so the list pages in the database.
 */
export async function availablePage(db: DbOrTx, q: {
  organizationId?: string; now: Date; minimum: number; page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'lastEventAt' | 'coinAmount';
}) {
  const scope = q.organizationId ? 'org' : 'all';
  const values = { organizationId: q.organizationId, now: q.now.toISOString(), minimum: q.minimum, limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await availableEventsPage(db, `${scope}_${q.sortParam}_${q.sortBy}`, values);
  const count = async () => (await availableEventsCount(db, scope, values))[0].n;
  return { rows, count, lapsed: () => lapsedOfPage(db, rows, scope, values) };
}

/** Each candidate event's balance beside it (a subquery in both the WHERE and the SELECT ran twice for each row of the page). */
const balances = (db: DbOrTx) => balancesOfEvents(db, events.id);

type Balances = ReturnType<typeof balances>;

/** The conditions of an event open for withdrawal, its balance from `balance` (of the scope's shape). */
const availableWhere = (scope: string, balance: Balances) => and(
  scope === 'org' ? eq(events.organizationId, sql.placeholder('organizationId')) : undefined,
  isNull(events.deletedAt),
  eq(events.isDraft, false),
  lt(events.lastEventAt, sql.placeholder('now')),
  or(eq(events.isPaidEvent, true), sql`${events.registrationMethod} is distinct from 'internal'`),
  sql`not exists (select 1 from ${withdrawals} w where w.event_id = ${events.id} and w.status in ('unverified', 'pending'))`,
  gte(balance.balance, sql.placeholder('minimum')),
);

// The payout drawer's page: one statement per scope and order, each built once (see preparedShapes).
// An organization's is planned once (see PlanMode): its events through events_org_group_idx, each
// one's account by coin_accounts_event_uq. Planned per call, PostgreSQL hashed every account of
// the platform (3,000 at scale) to join a dozen events: 1.7 ms and 1–3 ms of planning against 0.5.
const availableEventsPage = preparedShapes('payouts_available_page', (db, shape) => {
  const [scope, sortParam, sortBy] = shape.split('_');
  const order = sortBy === 'asc' ? asc : desc;
  const balance = balances(db);
  return db
    .select({
      id: events.id, name: events.name, imageUrl: events.imageUrl, lastEventAt: isoTimestamp<string | null>(events.lastEventAt), eoCoinId: coinAccounts.id,
      coinAmount: balance.balance, total: sql<number>`count(*) over ()`.mapWith(Number), lapsed: lapsedColumn(db, scope),
    })
    .from(events)
    .innerJoin(coinAccounts, eq(coinAccounts.eventId, events.id))
    .crossJoinLateral(balance)
    .where(availableWhere(scope, balance))
    .orderBy(order(sortParam === 'coinAmount' ? balance.balance : events.lastEventAt), order(events.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}, (shape) => (shape.startsWith('org_') ? 'generic' : 'custom'));
const availableEventsCount = preparedShapes('payouts_available_count', (db, scope) => {
  const balance = balances(db);
  return db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(events)
    .innerJoin(coinAccounts, eq(coinAccounts.eventId, events.id))
    .crossJoinLateral(balance)
    .where(availableWhere(scope, balance));
});
