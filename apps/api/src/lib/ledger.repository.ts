import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { OPEN_WITHDRAWAL_STATUSES, type CoinStatus } from '@eo/contract';
import { coinAccounts, events, ledgerEntries, withdrawals } from '../db/schema/index.js';
import { balanceOfEvent } from './counters.repository.js';

// The append-only ledger of every coin account, shared by the two modules that move money
// inside their own transactions: platform (sales, refunds; a sale writes its entries within its
// one registration statement) and payouts (withdrawal reservations and releases).

/**
 * The coin account id of an event, derived from the event id (the same expression backfills in
 * migration 0002_money_ledger.sql). A sale can then insert the account `on conflict do nothing`
 * and point its entries at it within one statement: no read-back, and no row lock on the
 * account, so concurrent sales of one event never queue behind each other.
 */
export const coinAccountIdOf = (eventId: string | SQL): SQL => sql`md5('coin-account:' || ${eventId}::uuid::text)::uuid`;

/** Creates the event's coin account if it has none (lazily: first sale or first look). */
export async function ensureCoinAccount(db: DbOrTx, eventId: string) {
  await db.execute(sql`insert into ${coinAccounts} (id, event_id, organization_id)
    select ${coinAccountIdOf(eventId)}, ${events.id}, ${events.organizationId} from ${events} where ${events.id} = ${eventId}::uuid
    on conflict do nothing`);
}

/**
 * The account with its balance (the sum of its ledger entries, integer rupiah) and its status,
 * derived from its open withdrawal: Processing while one holds a reservation, so the two can
 * never disagree (nothing stores the status; one open withdrawal per event, its partial index answers).
 */
export async function coinAccountWithBalance(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({
      id: coinAccounts.id,
      status: sql<CoinStatus>`case when exists (select 1 from ${withdrawals} w where w.event_id = "coin_accounts"."event_id"
        and w.status in (${sql.join(OPEN_WITHDRAWAL_STATUSES.map((s) => sql`${s}`), sql`, `)})) then 'Processing' else 'Not Processed' end`,
      bankCode: coinAccounts.bankCode,
      bankAccountName: coinAccounts.bankAccountName,
      bankAccountNumber: coinAccounts.bankAccountNumber,
      // Qualified by hand: drizzle leaves single-table columns unqualified inside a subquery.
      balance: balanceOfEvent(sql`"coin_accounts"."event_id"`),
    })
    .from(coinAccounts)
    .where(eq(coinAccounts.eventId, eventId));
  return row;
}

/**
 * Locks the event's account row against other money moves (refunds now, withdrawal reservations
 * later). `for no key update` does not conflict with the key-share lock a sale's foreign key
 * takes, so sales keep flowing while a refund or withdrawal holds it.
 */
export async function lockCoinAccount(db: DbOrTx, eventId: string) {
  await ensureCoinAccount(db, eventId);
  const [row] = await db.select({ id: coinAccounts.id }).from(coinAccounts).where(eq(coinAccounts.eventId, eventId)).for('no key update');
  return row.id;
}

/** The sum of one kind of entry of a transaction (e.g. the fee it was charged). */
export async function transactionEntrySum(db: DbOrTx, transactionId: string, kind: (typeof ledgerEntries.kind.enumValues)[number]) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.kind, kind)));
  return row.n;
}

export interface NewLedgerEntry {
  coinAccountId: string;
  eventId: string;
  kind: (typeof ledgerEntries.kind.enumValues)[number];
  amount: number;
  transactionId?: string | null;
  withdrawalId?: string | null;
  createdAt: Date;
}

export async function appendEntries(db: DbOrTx, entries: NewLedgerEntry[]) {
  if (entries.length) await db.insert(ledgerEntries).values(entries);
}
