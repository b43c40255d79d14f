import { randomBytes } from 'node:crypto';
import { MESSAGE_ID, wibDay } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import * as repo from './platform.repository.js';

export interface RegistrationInput {
  ticketId: string;
  quantity?: number;
  participant: { name: string; email: string; phoneNumber?: string; lastEducation?: string; gender?: string };
  answers?: { questionId: string; value: unknown }[];
  discountCode?: string;
  /** Rupiah taken off by the platform's discount code. */
  discountAmount?: number;
}

export interface RegistrationResult { registrantId: string; transactionId: string | null; status: 'confirmed' }

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

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
    await this.db.transaction(async (tx) => {
      if (!(await repo.findPublishedEvent(tx, eventId))) throw notFound();
      await repo.bumpDailyMetric(tx, eventId, wibDay(now), 'views', count);
    });
  }

  async save(eventId: string, userRef: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.findPublishedEvent(tx, eventId))) throw notFound();
      if (await repo.insertSave(tx, eventId, userRef, now)) {
        await repo.bumpDailyMetric(tx, eventId, wibDay(now), 'saves');
      }
    });
  }

  async unsave(eventId: string, userRef: string): Promise<void> {
    await repo.deleteSave(this.db, eventId, userRef);
  }

  async register(eventId: string, input: RegistrationInput, now = new Date()): Promise<RegistrationResult> {
    const quantity = input.quantity ?? 1;
    return this.db.transaction(async (tx) => {
      const event = await repo.findPublishedEvent(tx, eventId);
      const ticket = await repo.lockTicket(tx, input.ticketId);
      if (!event || !ticket || ticket.eventId !== eventId || ticket.deletedAt) {
        throw conflict('Registration is closed', MESSAGE_ID.registrationClosed);
      }
      if (ticket.registrationDeadlineAt && ticket.registrationDeadlineAt < now) {
        throw conflict('Registration is closed', MESSAGE_ID.registrationClosed);
      }
      if (ticket.originalQuota !== -1 && ticket.quota < quantity) {
        throw conflict('Ticket is sold out', MESSAGE_ID.ticketSoldOut);
      }
      if (ticket.maxTicketPerUser !== -1) {
        const held = await repo.ticketsHeldBy(tx, ticket.id, input.participant.email);
        if (held + quantity > ticket.maxTicketPerUser) {
          throw conflict('Maximum tickets per user reached', MESSAGE_ID.maxTicketPerUser);
        }
      }
      const questions = await repo.questionsFor(tx, eventId, ticket.id);
      const given = new Map((input.answers ?? []).map((a) => [a.questionId, a.value]));
      const missing = questions.filter((q) => q.isRequired && isBlank(given.get(q.id)));
      if (missing.length) {
        throw new AppError(400, `Missing answer: ${missing[0].name}`, MESSAGE_ID.validation,
          missing.map((q) => ({ message: `Missing answer: ${q.name}`, path: `answers.${q.id}` })));
      }
      const known = new Set(questions.map((q) => q.id));
      const answers = [...given].filter(([id]) => known.has(id)).map(([questionId, value]) => ({ questionId, value }));

      let transactionId: string | null = null;
      const gross = ticket.type === 'paid' ? ticket.price * quantity : 0;
      if (gross > 0) {
        const discount = Math.min(Math.max(0, Math.trunc(input.discountAmount ?? 0)), gross);
        transactionId = await repo.insertTransaction(tx, {
          invoiceId: invoiceNumber(now),
          eventId,
          ticketId: ticket.id,
          buyerName: input.participant.name,
          buyerEmail: input.participant.email,
          buyerPhone: input.participant.phoneNumber,
          quantity,
          unitPrice: ticket.price,
          grossAmount: gross,
          discountAmount: discount,
          amount: gross - discount,
          discountCode: input.discountCode,
          status: 'confirmed',
          createdAt: now,
        });
      }
      const registrantId = await repo.insertRegistrant(tx, {
        eventId,
        ticketId: ticket.id,
        transactionId,
        ...input.participant,
        quantity,
        createdAt: now,
      });
      await repo.insertAnswers(tx, registrantId, answers);
      if (ticket.originalQuota !== -1) await repo.adjustQuota(tx, ticket.id, -quantity);
      await repo.bumpDailyMetric(tx, eventId, wibDay(now), 'registrants');
      return { registrantId, transactionId, status: 'confirmed' as const };
    });
  }

  /** Refunds a confirmed transaction once; the seats go back to the quota. */
  async refund(transactionId: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const trx = await repo.lockTransaction(tx, transactionId);
      if (!trx) throw notFound();
      if (trx.status === 'refund') return;
      await repo.markRefunded(tx, transactionId, now);
      const ticket = await repo.lockTicket(tx, trx.ticketId);
      if (ticket && ticket.originalQuota !== -1) await repo.adjustQuota(tx, ticket.id, trx.quantity);
    });
  }
}
