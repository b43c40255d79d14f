import { WITHDRAW_OWN_MSG } from '@eo/contract';
import { isUuid } from '../../lib/ids.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { appendEntries, lockCoinAccount } from '../../lib/ledger.repository.js';
import * as repo from './withdrawals.repository.js';

/** Closes an open request as expired or failed: status (which frees the account), released amount, audit row. */
export async function closeWithdrawal(tx: Tx, w: repo.WithdrawalRow, status: 'expired' | 'failed', actorId: string | null, now: Date, reason: string) {
  await repo.updateWithdrawal(tx, w.id, { status, closedAt: now, codeHash: null });
  await appendEntries(tx, [{ coinAccountId: w.coinAccountId, eventId: w.eventId, kind: 'withdrawal_release', amount: w.amount, withdrawalId: w.id, createdAt: now }]);
  await repo.audit(tx, {
    action: status === 'failed' ? 'withdrawal_failed' : 'withdrawal_expired', actorId, coinAccountId: w.coinAccountId, withdrawalId: w.id, detail: { reason }, createdAt: now,
  });
}

/**
 * `POST /v1/admin/withdrawals/{referenceId}/status` and `npm run cli -- withdrawal-status`: a
 * verified withdrawal was transferred (sent), or the transfer failed (its amount is released).
 * Anything but a verified, open withdrawal is refused with 409.
 */
export async function setWithdrawalStatus(db: Db, adminId: string | null, referenceId: string, status: 'sent' | 'failed', now = new Date()) {
  return db.transaction(async (tx) => {
    const found = await repo.findByReference(tx, referenceId);
    if (!found) throw notFound();
    // Account first, then the withdrawal: the same lock order as requests and verifications.
    await lockCoinAccount(tx, found.eventId);
    const w = (await repo.lockWithdrawalByReference(tx, referenceId))!;
    if (w.status !== 'pending') throw conflict(WITHDRAW_OWN_MSG.notAwaitingTransfer);
    if (status === 'failed') {
      await closeWithdrawal(tx, w, 'failed', adminId, now, 'transfer_failed');
    } else {
      await repo.updateWithdrawal(tx, w.id, { status: 'sent', sentAt: now, closedAt: now });
      await repo.audit(tx, { action: 'withdrawal_sent', actorId: adminId, coinAccountId: w.coinAccountId, withdrawalId: w.id, createdAt: now });
    }
    return { referenceId: w.referenceId, status };
  });
}

/**
 * `POST /v1/admin/coin-accounts/{eoCoinId}/withdrawal-unlock` and `npm run cli -- withdrawal-unlock`:
 * lifts the lock that too many wrong codes put on the account and on its owner, and restarts the
 * day's request count (`withdrawal-limits.ts` counts from the latest such audit row).
 */
export async function unlockWithdrawals(db: Db, adminId: string | null, eoCoinId: string, now = new Date()) {
  if (!isUuid(eoCoinId)) throw notFound();
  return db.transaction(async (tx) => {
    const event = await repo.findAccountEvent(tx, { coinAccountId: eoCoinId });
    if (!event) throw notFound();
    const coinAccountId = await lockCoinAccount(tx, event.eventId);
    await repo.audit(tx, { action: 'withdrawal_unlocked', actorId: adminId, coinAccountId, detail: { userId: event.creatorId }, createdAt: now });
    return { eoCoinId: coinAccountId, userId: event.creatorId };
  });
}

/** The admin's two money actions, bound to the database (the routes' service; the CLI calls the functions). */
export function withdrawalAdmin(db: Db) {
  return {
    setStatus: (adminId: string | null, referenceId: string, status: 'sent' | 'failed') => setWithdrawalStatus(db, adminId, referenceId, status),
    unlock: (adminId: string | null, eoCoinId: string) => unlockWithdrawals(db, adminId, eoCoinId),
  };
}
export type WithdrawalAdmin = ReturnType<typeof withdrawalAdmin>;
