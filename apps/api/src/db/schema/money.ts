import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { transactions } from './registrants.js';

export const LEDGER_KINDS = ['sale', 'refund', 'payment_fee', 'fee_refund', 'withdrawal_reserve', 'withdrawal_release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The organizer's coin account of one event (spec section 3, EO coin account), created lazily
 * by the first sale or the first look at it. Its id is derived from the event id
 * (`coinAccountIdOf` in modules/payouts/coin-account.sql.ts), so that a sale can insert it
 * `on conflict do nothing` and reference it in the same statement without reading it back.
 * It holds no balance: the balance is the sum of its ledger entries.
 */
export const coinAccounts = pgTable(
  'coin_accounts',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    status: text('status').notNull().default('Not Processed'),
    bankCode: text('bank_code'),
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coin_accounts_event_uq').on(t.eventId)],
);

/**
 * The append-only money ledger, integer rupiah, signed: money in is positive (sale,
 * fee_refund, withdrawal_release), money out negative (refund, payment_fee, withdrawal_reserve).
 * A balance is always `sum(amount)`. The database refuses UPDATE, DELETE and TRUNCATE (trigger
 * in migration 0002_money_ledger.sql); corrections are new entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coinAccountId: uuid('coin_account_id').notNull().references(() => coinAccounts.id),
    eventId: uuid('event_id').notNull().references(() => events.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    withdrawalId: text('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_created_idx').on(t.coinAccountId, t.createdAt),
    // A transaction is sold, charged, refunded and fee-refunded at most once each.
    uniqueIndex('ledger_entries_transaction_kind_uq').on(t.transactionId, t.kind).where(sql`${t.transactionId} is not null`),
    // The sign follows the kind: in is never negative, out never positive.
    check('ledger_entries_kind_sign_ck', sql`(${t.kind} in ('sale', 'fee_refund', 'withdrawal_release') and ${t.amount} >= 0)
      or (${t.kind} in ('refund', 'payment_fee', 'withdrawal_reserve') and ${t.amount} <= 0)`),
  ],
);
