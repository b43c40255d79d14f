import { sql } from 'drizzle-orm';
import { WITHDRAWAL_STATUSES } from '@eo/contract';
import { type AnyPgColumn, bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { organizations } from './organizations.js';
import { transactions } from './registrants.js';
import { users } from './users.js';

export const LEDGER_KINDS = ['sale', 'refund', 'payment_fee', 'fee_refund', 'withdrawal_reserve', 'withdrawal_release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The organizer's coin account of one event (spec section 3, EO coin account), created lazily
 * by the first sale or the first look at it. Its id is derived from the event id
 * (`coinAccountIdOf` in lib/ledger.repository.ts), so that a sale can insert it
 * `on conflict do nothing` and reference it in the same statement without reading it back.
 * It holds no balance (the sum of its ledger entries) and no status (derived from its open withdrawal).
 */
export const coinAccounts = pgTable(
  'coin_accounts',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    /** The event's organization (an event never changes it), so its saved bank accounts are read without its events. */
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    bankCode: text('bank_code'),
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_accounts_event_uq').on(t.eventId),
    // The bank accounts an organization saved (the bank account form's choices): only saved ones are in it.
    index('coin_accounts_org_saved_bank_idx').on(t.organizationId)
      .where(sql`${t.bankCode} is not null and ${t.bankAccountName} is not null and ${t.bankAccountNumber} is not null`),
  ],
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
    withdrawalId: uuid('withdrawal_id').references((): AnyPgColumn => withdrawals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_created_idx').on(t.coinAccountId, t.createdAt),
    // A transaction is sold, charged, refunded and fee-refunded at most once each.
    uniqueIndex('ledger_entries_transaction_kind_uq').on(t.transactionId, t.kind).where(sql`${t.transactionId} is not null`),
    // A withdrawal is reserved and released at most once each.
    uniqueIndex('ledger_entries_withdrawal_kind_uq').on(t.withdrawalId, t.kind).where(sql`${t.withdrawalId} is not null`),
    // The sign follows the kind: in is never negative, out never positive.
    check('ledger_entries_kind_sign_ck', sql`(${t.kind} in ('sale', 'fee_refund', 'withdrawal_release') and ${t.amount} >= 0)
      or (${t.kind} in ('refund', 'payment_fee', 'withdrawal_reserve') and ${t.amount} <= 0)`),
  ],
);

/**
 * A withdrawal request (spec section 3, Withdrawal). Its amount is reserved in the ledger when
 * requested (`withdrawal_reserve`) and released if it fails or expires (`withdrawal_release`).
 * The bank account is copied in at request time: a later edit never redirects it. At most one
 * open (unverified or pending) withdrawal per event: a partial unique index, so two concurrent
 * requests cannot both reserve.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referenceId: text('reference_id').notNull(),
    coinAccountId: uuid('coin_account_id').notNull().references(() => coinAccounts.id),
    eventId: uuid('event_id').notNull().references(() => events.id),
    requestedBy: uuid('requested_by').notNull().references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('unverified'),
    bankCode: text('bank_code').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    bankAccountNumber: text('bank_account_number').notNull(),
    /** sha256 of the code with the withdrawal id: a leaked table does not give the code away. */
    codeHash: text('code_hash'),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_uq').on(t.referenceId),
    uniqueIndex('withdrawals_one_open_per_event_uq').on(t.eventId).where(sql`${t.status} in ('unverified', 'pending')`),
    index('withdrawals_account_created_idx').on(t.coinAccountId, t.createdAt),
    check('withdrawals_amount_positive_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Every money action (bank account change, withdrawal request, verification, code resend,
 * expiry, admin status change): who, what, when. Append-only like the ledger (trigger in
 * migration 0003).
 */
export const moneyAudit = pgTable(
  'money_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    coinAccountId: uuid('coin_account_id').notNull().references(() => coinAccounts.id),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('money_audit_account_created_idx').on(t.coinAccountId, t.createdAt),
    // The day's caps of a user (withdrawal-limits.repository.ts), read on every coin account page:
    // their wrong codes and their last unlock, without walking the whole trail.
    index('money_audit_user_code_rejected_idx').on(t.actorId, t.createdAt).where(sql`${t.action} = 'withdrawal_code_rejected'`),
    index('money_audit_user_unlocked_idx').on(sql`(${t.detail}->>'userId')`, t.createdAt).where(sql`${t.action} = 'withdrawal_unlocked'`),
  ],
);

/**
 * `Idempotency-Key` of withdrawal requests: the first answer, replayed to a repeat by the same
 * user with the same key. Written in the request's own transaction, so a concurrent repeat
 * waits on the key's unique index and then reads the committed answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
