import { randomUUID } from 'node:crypto';
import { WAITLIST_MSG, wibDay } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-results.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { newTicketCode, type PreparedRegistration, type RegistrationService } from '../platform/registration.service.js';
import {
  endOffer, findEntryOf, findOffer, insertEntry, lockOffer, lockTicket, markAccepted, offerNext, overdueOffers, removeWaiting, ticketsToOffer, waitlistPage, WAITLIST_JOB,
} from './waitlist.repository.js';


/** An offer's token as offerNext makes it (128 bits, base64url), with room: anything else is unknown without a read. */
const OFFER_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Offers every free seat of the ticket to those waiting, one by one, first come first served.
 * Inside the caller's transaction: the cancellation that freed a seat offers it before any
 * registration can take it. The ticket's row lock comes first, held to the commit: the offers
 * see every seat freed before it and every place joined before it, and a place is locked for
 * an offer only by whoever holds the ticket, so no one freeing a seat meanwhile skips it (a
 * seat left free while someone waits, or offered out of turn). Gives how many were offered.
 */
export async function offerFreeSeats(tx: DbOrTx, ticketId: string, at: Date) {
  await lockTicket(tx, ticketId);
  let offered = 0;
  while (await offerNext(tx, ticketId, at)) offered++;
  return offered;
}

/**
 * The waiting list (API.md, Seats): joining a sold-out ticket's list, offers of freed seats that
 * hold the seat until accepted or lapsed, the organizer's view and removals.
 */
export class WaitlistService {
  constructor(private readonly db: Db, private readonly registrations: RegistrationService) {}

  /** Puts the prepared registration's person on the ticket's waiting list: only when it keeps one and is sold out. */
  async join(p: PreparedRegistration, now = new Date()): Promise<{ waitlistId: string; position: number }> {
    const r = p.registration;
    if (!p.waitlist) throw conflict(WAITLIST_MSG.notOffered);
    if (p.seatsLeft >= r.quantity) throw conflict(WAITLIST_MSG.seatsLeft);
    try {
      const entry = await insertEntry(this.db, {
        eventId: r.eventId, ticketId: r.ticketId, participant: r.participant, answers: r.answers, maxPerEmail: r.maxPerEmail, at: now,
      });
      if (!entry) throw p.maxPerUser();
      // A seat freed while joining (no one was waiting) goes to the first in line; one whose
      // freeing has not committed yet is waited for (offerFreeSeats' lock), not missed.
      if (await this.db.transaction((tx) => offerFreeSeats(tx, r.ticketId, now))) wakeWorkers(WAITLIST_JOB.offerMail);
      return { waitlistId: entry.id, position: entry.position };
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError(ERROR_CODE.alreadyOnWaitlist, WAITLIST_MSG.alreadyOnWaitlist);
      throw err;
    }
  }

  /**
   * Accepts an offer: a confirmed registration on the seat the offer holds, its e-ticket mailed.
   * Lapsed: 410 OFFER_EXPIRED, and the seat goes to the next one waiting. Twice: 409.
   */
  async accept(token: string, now = new Date()): Promise<{ registrantId: string; ticketCode: string; status: 'confirmed' }> {
    if (!OFFER_TOKEN.test(token)) throw notFound(WAITLIST_MSG.offerNotFound);
    const outcome = await this.db.transaction(async (tx) => {
      const offer = await lockOffer(tx, token);
      if (!offer) return { refusal: notFound(WAITLIST_MSG.offerNotFound) };
      if (offer.status === 'accepted') return { refusal: conflict(WAITLIST_MSG.offerAccepted) };
      if (offer.status !== 'offered' || offer.offeredUntil <= now) {
        if (offer.status === 'offered' && (await endOffer(tx, offer.id, 'expired'))) await offerFreeSeats(tx, offer.ticketId, now);
        return { refusal: new DomainError(ERROR_CODE.offerExpired, WAITLIST_MSG.offerExpired) };
      }
      const registrantId = randomUUID();
      const ticketCode = newTicketCode();
      const stored = await this.registrations.insertOnHeldSeat(tx, {
        registrantId, eventId: offer.eventId, ticketId: offer.ticketId, quantity: 1, day: wibDay(now), at: now, ticketCode,
        // The rule of the public pages the place was joined on: one registration per email and ticket.
        maxPerEmail: 1,
        participant: { name: offer.name, email: offer.email, phoneNumber: offer.phoneNumber, lastEducation: offer.lastEducation, gender: offer.gender, whatsappOptIn: offer.whatsappOptIn },
        answers: offer.answers,
      });
      if (!stored) {
        // The email registered meanwhile: the seat goes to the next.
        await endOffer(tx, offer.id, 'removed');
        await offerFreeSeats(tx, offer.ticketId, now);
        return { refusal: new DomainError(ERROR_CODE.maxTicketPerUser, WAITLIST_MSG.alreadyRegistered) };
      }
      await markAccepted(tx, offer.id, registrantId);
      return { accepted: { registrantId, ticketCode, wake: stored.wake } };
    });
    wakeWorkers(WAITLIST_JOB.offerMail);
    if ('refusal' in outcome) throw outcome.refusal;
    outcome.accepted.wake();
    return { registrantId: outcome.accepted.registrantId, ticketCode: outcome.accepted.ticketCode, status: 'confirmed' };
  }

  /** What an offer's page shows: the offer as it is now (its e-ticket's code once accepted); undefined for an unknown token. */
  async view(eventId: string, token: string) {
    if (!isUuid(eventId) || !OFFER_TOKEN.test(token)) return undefined;
    const offer = await findOffer(this.db, { token });
    return offer?.eventId === eventId ? offer : undefined;
  }

  /** The lapse of one offer (its job, at its time): the seat back and offered to the next one waiting. Once, however often it runs. */
  async lapse(entryId: string, now = new Date()) {
    await this.db.transaction(async (tx) => {
      const ended = await endOffer(tx, entryId, 'expired', { due: now });
      if (ended) await offerFreeSeats(tx, ended.ticketId, now);
    });
    wakeWorkers(WAITLIST_JOB.offerMail);
  }

  /** The sweep: lapses overdue offers and offers every free seat someone waits for. */
  async sweep(now = new Date()) {
    for (const { id } of await overdueOffers(this.db, now)) await this.lapse(id, now);
    for (const { id } of await ticketsToOffer(this.db)) {
      await this.db.transaction((tx) => offerFreeSeats(tx, id, now));
    }
    wakeWorkers(WAITLIST_JOB.offerMail);
  }

  /** A page of the event's waiting list for owner and admin. */
  async list(caller: Caller, eventId: string, q: { page: number; limit: number }) {
    const event = await requireEvent(this.db, caller, Permission.ParticipantsManage, eventId);
    const rows = await waitlistPage(this.db, event.id, q.limit, (q.page - 1) * q.limit);
    const total = rows[0]?.total ?? (q.page === 1 ? 0 : (await waitlistPage(this.db, event.id, 1, 0))[0]?.total ?? 0);
    return {
      docs: rows.map(({ total: _t, ...r }) => r),
      page: q.page, limit: q.limit, totalDocs: total, totalPages: Math.ceil(total / q.limit),
    };
  }

  /** Removes a place (waiting or offered: an offered seat goes to the next one waiting). */
  async remove(caller: Caller, eventId: string, entryId: string, now = new Date()) {
    const event = await requireEvent(this.db, caller, Permission.ParticipantsManage, eventId);
    const entry = isUuid(entryId) ? await findEntryOf(this.db, event.id, entryId) : undefined;
    if (!entry) throw notFound();
    await this.db.transaction(async (tx) => {
      if (await removeWaiting(tx, entry.id)) return;
      if (await endOffer(tx, entry.id, 'removed')) await offerFreeSeats(tx, entry.ticketId, now);
    });
    wakeWorkers(WAITLIST_JOB.offerMail);
  }
}
