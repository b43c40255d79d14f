import { randomBytes } from 'node:crypto';
import { fill, PAYMENT_FEE_RUPIAH, PLATFORM_MSG, wibDay } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { conflict, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import * as ledger from '../../lib/ledger.repository.js';
import * as repo from './platform.repository.js';
import { insertRegistration, type NewRegistration } from './registration.repository.js';

export interface RegistrationInput {
  ticketId: string;
  quantity?: number;
  participant: { name: string; email: string; phoneNumber?: string | null; lastEducation?: string | null; gender?: string | null };
  answers?: { questionId: string; value: unknown }[];
  discountCode?: string | null;
  /** Rupiah taken off by the platform's discount code. */
  discountAmount?: number;
}

export interface RegistrationResult { registrantId: string; transactionId: string | null; status: 'confirmed' }

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const soldOut = () => conflict(PLATFORM_MSG.soldOut, ERROR_CODE.ticketSoldOut);
const maxPerUser = () => conflict(PLATFORM_MSG.maxPerUser, ERROR_CODE.maxTicketPerUser);
const unknownTicket = () => invalid(PLATFORM_MSG.ticketNotOfEvent,
  [{ message: PLATFORM_MSG.ticketNotOfEvent, path: 'ticketId' }]);

function invoiceNumber(at: Date) {
  return `INV-${wibDay(at).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The participant app's side (API.md, Platform intake). The demo seed runs through these
 * same functions. `now` is injectable so that history can be replayed.
 */
export class PlatformService {
  constructor(private readonly db: Db) {}

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
   * Registers one participant (API.md rules). The checks read without locks; the seats are taken
   * by the single insert statement (registration.repository.ts), so one hot ticket is held
   * only for that statement. A maximum per user adds a short transaction serialised per email.
   */
  async register(eventId: string, input: RegistrationInput, now = new Date()): Promise<RegistrationResult> {
    const quantity = input.quantity ?? 1;
    const { participant } = input;
    if (!isUuid(eventId)) throw notFound();
    if (!isUuid(input.ticketId)) throw unknownTicket();
    const target = await repo.findRegistrationTarget(this.db, eventId, input.ticketId);
    if (!target) throw notFound();
    const { ticket, questions } = target;
    if (!ticket) throw unknownTicket();
    // Only a published event the platform has approved sells: drafts, events waiting for review
    // (or rejected), deleted events and events registering elsewhere (external link, none) do not.
    const open = !target.isDraft && target.approvedStatus === 'approved' && !target.eventDeletedAt && target.registrationMethod === 'internal'
      && !ticket.deletedAt && !(ticket.registrationDeadlineAt && ticket.registrationDeadlineAt < now);
    if (!open) throw conflict(PLATFORM_MSG.registrationClosed, ERROR_CODE.registrationClosed);
    const limited = ticket.originalQuota !== -1;
    // An early answer only: the decisive check is the conditional update in the insert.
    if (limited && ticket.quota < quantity) throw soldOut();
    if (ticket.maxTicketPerUser !== -1 && quantity > ticket.maxTicketPerUser) throw maxPerUser();

    const given = new Map((input.answers ?? []).map((a) => [a.questionId, a.value]));
    const missing = questions.filter((q) => q.isRequired && isBlank(given.get(q.id)));
    if (missing.length) {
      const errors = missing.map((q) => ({ message: fill(PLATFORM_MSG.missingAnswer, { name: q.name }), path: `answers.${q.id}` }));
      throw invalid(errors[0].message, errors);
    }
    const known = new Set(questions.map((q) => q.id));
    const gross = ticket.type === 'paid' ? ticket.price * quantity : 0;
    const discount = Math.min(Math.max(0, Math.trunc(input.discountAmount ?? 0)), gross);
    const amount = gross - discount;
    const registration: NewRegistration = {
      eventId, ticketId: ticket.id, limited, quantity, day: wibDay(now), at: now, participant,
      answers: [...given].filter(([id]) => known.has(id)).map(([questionId, value]) => ({ questionId, value })),
      purchase: gross > 0
        ? {
          invoiceId: invoiceNumber(now), unitPrice: ticket.price, grossAmount: gross, discountAmount: discount, amount,
          // One flat fee per paid transaction, never more than was paid (constants.ts).
          discountCode: input.discountCode ?? null, paymentFee: Math.min(PAYMENT_FEE_RUPIAH, amount),
        }
        : null,
    };

    const stored = ticket.maxTicketPerUser === -1
      ? await insertRegistration(this.db, registration)
      : await this.db.transaction(async (tx) => {
        // Same email, same ticket: one at a time, and the count sees the previous one committed.
        await repo.lockBuyer(tx, ticket.id, participant.email);
        const held = await repo.ticketsHeldBy(tx, ticket.id, participant.email);
        if (held + quantity > ticket.maxTicketPerUser) throw maxPerUser();
        return insertRegistration(tx, registration);
      });
    if (!stored) throw soldOut();
    return { registrantId: stored.registrantId, transactionId: stored.transactionId, status: 'confirmed' };
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
      await repo.markRefunded(tx, transactionId, now);
      await repo.returnSeats(tx, trx.ticketId, trx.quantity);
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
