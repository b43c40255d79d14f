import { PLATFORM_MSG, wibDay } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import * as ledger from '../../lib/ledger.repository.js';
import * as repo from './platform.repository.js';
import { RegistrationService, type RegistrationInput, type RegistrationResult } from './registration.service.js';

export type { RegistrationInput, RegistrationResult } from './registration.service.js';

/**
 * The participant app's side (API.md, Platform intake). The demo seed runs through these
 * same functions. `now` is injectable so that history can be replayed.
 */
export class PlatformService {
  constructor(private readonly db: Db, private readonly registrations = new RegistrationService(db)) {}

  async recordViews(eventId: string, now = new Date(), count = 1): Promise<void> {
    if (!isUuid(eventId)) throw notFound();
    await this.db.transaction(async (tx) => {
      if (!(await repo.findPublishedEvent(tx, eventId))) throw notFound();
      await repo.bumpDailyMetric(tx, eventId, wibDay(now), 'views', count);
    });
  }

  async save(eventId: string, userRef: string, now = new Date()): Promise<void> {
    if (!isUuid(eventId)) throw notFound();
    await this.db.transaction(async (tx) => {
      if (!(await repo.findPublishedEvent(tx, eventId))) throw notFound();
      if (await repo.insertSave(tx, eventId, userRef, now)) {
        await repo.bumpDailyMetric(tx, eventId, wibDay(now), 'saves');
      }
    });
  }

  /** Deleting is idempotent: an unknown save (or event) still answers done. */
  async unsave(eventId: string, userRef: string): Promise<void> {
    if (!isUuid(eventId)) throw notFound();
    await repo.deleteSave(this.db, eventId, userRef);
  }

  /**
   * Registers one participant (API.md rules), through the one registration service; the e-ticket
   * is mailed unless `mailTicket` is false (RegistrationOptions).
   */
  register(eventId: string, input: RegistrationInput, now = new Date(), { mailTicket = true } = {}): Promise<RegistrationResult> {
    return this.registrations.register(eventId, input, { now, texts: PLATFORM_MSG, mailTicket });
  }

  /**
   * Refunds a confirmed transaction once (409 the second time); the seats go back to the quota.
   * Ledger, in the same transaction: `refund` -amount and `fee_refund` +(the fee charged for it).
   * Choice: the platform does NOT keep the payment fee of a refunded purchase. The organizer
   * earned nothing from it, so it nets to zero for them (sale + fee + refund + fee refund = 0),
   * a refund can never push a balance below what the remaining sales make, and the receipt's
   * `paymentFee` stays the fee of the sales that remain.
   */
  async refund(transactionId: string, now = new Date()): Promise<void> {
    if (!isUuid(transactionId)) throw notFound();
    await this.db.transaction(async (tx) => {
      // The row lock makes a concurrent second refund wait, then see `refund` and be refused.
      const trx = await repo.lockTransaction(tx, transactionId);
      if (!trx) throw notFound();
      if (trx.status === 'refund') throw conflict(PLATFORM_MSG.alreadyRefunded);
      // The ticket's row first, as a sale takes it (its seat) before its registrant's counters: the
      // other order let a refund and a sale of one ticket deadlock on a counter row (counters-consistency.test.ts).
      await repo.returnSeats(tx, trx.ticketId, trx.quantity);
      await repo.markRefunded(tx, transactionId, now);
      // Serialised with the event's other money moves (withdrawal reservations) by the account lock.
      const coinAccountId = await ledger.lockCoinAccount(tx, trx.eventId);
      const fee = -(await ledger.transactionEntrySum(tx, transactionId, 'payment_fee'));
      await ledger.appendEntries(tx, [
        { coinAccountId, eventId: trx.eventId, kind: 'refund', amount: -trx.amount, transactionId, createdAt: now },
        ...(fee > 0 ? [{ coinAccountId, eventId: trx.eventId, kind: 'fee_refund' as const, amount: fee, transactionId, createdAt: now }] : []),
      ]);
    });
  }
}
