import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { balanceOfEvent } from '../../lib/counters.repository.js';
import type { DbOrTx } from '../../db/client.js';
import { coinAccounts, events, ledgerEntries, withdrawals } from '../../db/schema/index.js';

const ownedBy = (organizationId?: string) => (organizationId ? eq(events.organizationId, organizationId) : undefined);

/** One page of withdrawals of the caller's events (all for a globalAdmin), with the event name. */
export async function withdrawalPage(db: DbOrTx, q: {
  organizationId?: string; eventId?: string; page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'createdAt' | 'amount';
}) {
  const where = and(ownedBy(q.organizationId), q.eventId ? eq(withdrawals.eventId, q.eventId) : undefined);
  const column = q.sortParam === 'amount' ? withdrawals.amount : withdrawals.createdAt;
  const order = q.sortBy === 'asc' ? asc : desc;
  const rows = await db
    .select({ w: withdrawals, eventName: events.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(withdrawals)
    .innerJoin(events, eq(events.id, withdrawals.eventId))
    .where(where)
    .orderBy(order(column), order(withdrawals.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const count = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(withdrawals)
    .innerJoin(events, eq(events.id, withdrawals.eventId)).where(where))[0].n;
  return { rows, count };
}

/** A withdrawal by reference (or id) with its event name, within the caller's events. */
export async function findWithdrawal(db: DbOrTx, ref: { referenceId: string } | { id: string }, organizationId?: string) {
  const [row] = await db
    .select({ w: withdrawals, eventName: events.name })
    .from(withdrawals)
    .innerJoin(events, eq(events.id, withdrawals.eventId))
    .where(and('id' in ref ? eq(withdrawals.id, ref.id) : eq(withdrawals.referenceId, ref.referenceId), ownedBy(organizationId)));
  return row;
}

/** Sales net of refunds, and fees net of fee refunds, of an account up to a moment. */
export async function salesAndFeesUntil(db: DbOrTx, coinAccountId: string, until: Date) {
  const [row] = await db
    .select({
      sales: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('sale', 'refund')), 0)`.mapWith(Number),
      fees: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('payment_fee', 'fee_refund')), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.coinAccountId, coinAccountId), lte(ledgerEntries.createdAt, until)));
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
  const balance = balanceOfEvent(sql`${events.id}`);
  const where = and(
    ownedBy(q.organizationId),
    isNull(events.deletedAt),
    eq(events.isDraft, false),
    lt(events.lastEventAt, q.now),
    or(eq(events.isPaidEvent, true), sql`${events.registrationMethod} is distinct from 'internal'`),
    sql`not exists (select 1 from ${withdrawals} w where w.event_id = ${events.id} and w.status in ('unverified', 'pending'))`,
    gte(balance, q.minimum),
  );
  const order = q.sortBy === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: events.id, name: events.name, imageUrl: events.imageUrl, lastEventAt: events.lastEventAt, eoCoinId: coinAccounts.id,
      coinAmount: balance, total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(events)
    .innerJoin(coinAccounts, eq(coinAccounts.eventId, events.id))
    .where(where)
    .orderBy(order(q.sortParam === 'coinAmount' ? balance : events.lastEventAt), order(events.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const count = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(events)
    .innerJoin(coinAccounts, eq(coinAccounts.eventId, events.id)).where(where))[0].n;
  return { rows, count };
}
