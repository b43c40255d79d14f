import { randomBytes, randomUUID } from 'node:crypto';
import {
  fill, isBlankAnswer, PAYMENT_FEE_RUPIAH, PLATFORM_MSG, SEATS_MSG, TICKET_RESEND_MINUTES, TRACKING_CODE_MAX, TRACKING_CODE_PATTERN, wibDay,
} from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { jobRow } from '../../jobs/job-definition.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { conflict, DomainError, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { MAIL_TICKET, RESEND_TICKET } from './mail-ticket.type.js';
import { SEAT_MAIL } from '../seats/seat-mail.type.js';
import * as repo from './platform.repository.js';
import type { RegistrationQuestion } from './platform.repository.js';
import { insertRegistration, queueTicketResends, type NewRegistration } from './registration.repository.js';

export type { RegistrationQuestion } from './platform.repository.js';

export interface RegistrationInput {
  ticketId: string;
  quantity?: number;
  participant: { name: string; email: string; phoneNumber?: string | null; lastEducation?: string | null; gender?: string | null };
  answers?: { questionId: string; value: unknown }[];
  discountCode?: string | null;
  /** Rupiah taken off by the platform's discount code. */
  discountAmount?: number;
  /** A hidden ticket's code (compared without case): without it the ticket does not exist. */
  accessCode?: string | null;
  /** The tracking link's code it came through (`?ref=`): kept when the event has that link, else ignored. */
  ref?: string | null;
  /** "Kirim tiket lewat WhatsApp": the participant's phone gets the template messages too (modules/whatsapp). */
  whatsappOptIn?: boolean;
}

/** A registration checked and ready to insert (RegistrationService.prepare). */
export interface PreparedRegistration {
  registration: NewRegistration;
  maxPerEmail: number;
  /** What the ticket has left (Infinity: unlimited), as read before the insert. */
  seatsLeft: number;
  /** Whether the ticket keeps a waiting list. */
  waitlist: boolean;
  soldOut: () => DomainError;
  maxPerUser: () => DomainError;
}

/** `pending`: a ticket that requires approval; the registration holds no seat until approved. */
export interface RegistrationResult { registrantId: string; transactionId: string | null; status: 'confirmed' | 'pending'; ticketCode: string }

/** The texts of the refusals: the platform intake answers in English, the public pages in Indonesian. */
export interface RegistrationTexts {
  registrationClosed: string;
  soldOut: string;
  maxPerUser: string;
  ticketNotOfEvent: string;
  /** With `{name}`, the question's. */
  missingAnswer: string;
}

/** The event the registration is for, as the checks read it. */
export interface RegistrationEvent { eventId: string; organizationId: string; creatorId: string; questions: RegistrationQuestion[] }

export interface RegistrationOptions {
  now?: Date;
  texts?: RegistrationTexts;
  /** Refuse a paid ticket with this error (the public pages take no payment). */
  paidRefusal?: () => Error;
  /** At most this many registrations per email on the ticket, whatever the ticket allows (the public pages: one). */
  maxPerEmail?: number;
  /**
   * Checks the given answers against their questions' kinds and gives what is stored; may refuse.
   * Without it answers are stored as given (required ones must be non-blank).
   */
  answers?: (event: RegistrationEvent, given: Map<string, unknown>) => Promise<{ questionId: string; value: unknown }[]>;
  /**
   * false: no e-ticket mail is queued. Only the demo seed's made-up participants: a first start
   * with SMTP configured mailed their @contoh.id addresses, hundreds of them.
   */
  mailTicket?: boolean;
}


/** TICKET_SOLD_OUT; with the ticket's waiting list open, `data: { waitlist: true }` says one may join it. */
export const soldOutError = (message: string, waitlist: boolean) =>
  new DomainError(ERROR_CODE.ticketSoldOut, message, waitlist ? { data: { waitlist: true } } : {});

/** A hidden ticket asked for without its code, or with another: 404 TICKET_NOT_FOUND, as if it did not exist. */
export const hiddenTicket = () => new DomainError(ERROR_CODE.ticketNotFound, SEATS_MSG.ticketNotFound);

/** Whether `given` opens a ticket with `accessCode` (none: every ticket is open), compared without case. */
export const mayUseTicket = (accessCode: string | null, given: string | null | undefined) =>
  !accessCode || (given ?? '').trim().toLowerCase() === accessCode.toLowerCase();

/** 128 random bits, base64url: 22 URL-safe characters (API.md, Check-in: at least 100 bits). */
export const newTicketCode = () => randomBytes(16).toString('base64url');

/** Whether `code` looks like a ticket code at all (base64url, 16–100 characters): anything else is unknown without a read. */
export const isTicketCode = (code: string) => /^[A-Za-z0-9_-]{16,100}$/.test(code);

/** A `ref` as a link's code is written (lowercase), or null when it cannot be one: nothing is looked up for it. */
export function trackingRef(ref: string | null | undefined): string | null {
  const code = (ref ?? '').trim().toLowerCase();
  return code && code.length <= TRACKING_CODE_MAX && TRACKING_CODE_PATTERN.test(code) ? code : null;
}

function invoiceNumber(at: Date) {
  return `INV-${wibDay(at).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * THE registration, for the platform intake and the public pages alike (API.md): the event must
 * be published, approved, not deleted and registering here, the ticket live and before its
 * deadline (else REGISTRATION_CLOSED); required answers (400, one error per question); the
 * maximum per email (MAX_TICKET_PER_USER, serialised per email and ticket); the quota, taken by
 * the single conditional update of insertRegistration's one statement, so the ticket's row lock
 * is held only while that statement commits (TICKET_SOLD_OUT, never oversold). The
 * e-ticket mail is a `ticket.mail` job queued by the same statement (mail-ticket.job.ts): the
 * answer does not wait for it, a mail failure is retried, and the registration stands.
 */
export class RegistrationService {
  constructor(private readonly db: Db) {}

  async register(eventId: string, input: RegistrationInput, options: RegistrationOptions = {}): Promise<RegistrationResult> {
    const p = await this.prepare(eventId, input, options);
    // An early answer only: the decisive check is the conditional update in the insert.
    if (p.seatsLeft < p.registration.quantity) throw p.soldOut();
    const stored = await insertRegistration(this.db, p.registration);
    if (!stored.registrantId) throw stored.held + p.registration.quantity > p.maxPerEmail ? p.maxPerUser() : p.soldOut();
    if (p.registration.job) wakeWorkers(p.registration.job.kind);
    return { registrantId: stored.registrantId, transactionId: stored.transactionId, status: p.registration.pending ? 'pending' : 'confirmed', ticketCode: p.registration.ticketCode };
  }

  /**
   * Everything of a registration but taking the seat: the checks (event open, ticket known and
   * its access code, paid refusal, the maximum per email asked for, required and checked
   * answers) and the registration to insert. A waiting list (seats module) joins with it too.
   */
  async prepare(eventId: string, input: RegistrationInput, options: RegistrationOptions = {}): Promise<PreparedRegistration> {
    const now = options.now ?? new Date();
    const texts = options.texts ?? PLATFORM_MSG;
    const quantity = input.quantity ?? 1;
    const { participant } = input;
    const unknownTicket = () => invalid(texts.ticketNotOfEvent, [{ message: texts.ticketNotOfEvent, path: 'ticketId' }]);
    const maxPerUser = () => conflict(texts.maxPerUser, ERROR_CODE.maxTicketPerUser);
    if (!isUuid(eventId)) throw notFound();
    if (!isUuid(input.ticketId)) throw unknownTicket();
    const target = await repo.findRegistrationTarget(this.db, eventId, input.ticketId);
    if (!target) throw notFound();
    const { ticket, questions } = target;
    if (!ticket) throw unknownTicket();
    if (!mayUseTicket(ticket.accessCode, input.accessCode)) throw hiddenTicket();
    // Only a published event the platform has approved sells: drafts, events waiting for review
    // (or rejected), deleted events and events registering elsewhere (external link, none) do not.
    const open = !target.isDraft && target.approvedStatus === 'approved' && !target.eventDeletedAt && target.registrationMethod === 'internal'
      && !ticket.deletedAt && !(ticket.registrationDeadlineAt && ticket.registrationDeadlineAt < now);
    if (!open) throw conflict(texts.registrationClosed, ERROR_CODE.registrationClosed);
    if (ticket.type === 'paid' && options.paidRefusal) throw options.paidRefusal();
    const limited = ticket.originalQuota !== -1;
    const maxPerEmail = Math.min(
      ticket.maxTicketPerUser === -1 ? Infinity : ticket.maxTicketPerUser,
      options.maxPerEmail ?? Infinity,
    );
    if (quantity > maxPerEmail) throw maxPerUser();

    const given = new Map((input.answers ?? []).map((a) => [a.questionId, a.value]));
    const missing = questions.filter((q) => q.isRequired && isBlankAnswer(given.get(q.id)));
    if (missing.length) {
      const errors = missing.map((q) => ({ message: fill(texts.missingAnswer, { name: q.name }), path: `answers.${q.id}` }));
      throw invalid(errors[0].message, errors);
    }
    const known = new Set(questions.map((q) => q.id));
    const answers = options.answers
      ? await options.answers({ eventId, organizationId: target.organizationId, creatorId: target.creatorId, questions }, given)
      : [...given].filter(([id]) => known.has(id)).map(([questionId, value]) => ({ questionId, value }));
    const gross = ticket.type === 'paid' ? ticket.price * quantity : 0;
    const discount = Math.min(Math.max(0, Math.trunc(input.discountAmount ?? 0)), gross);
    const amount = gross - discount;
    const registrantId = randomUUID();
    const pending = ticket.requiresApproval;
    const job = options.mailTicket === false ? undefined
      : pending ? jobRow(SEAT_MAIL, { registrantId, kind: 'pending' }) : jobRow(MAIL_TICKET, { registrantId });
    const registration: NewRegistration = {
      registrantId, eventId, job, pending, waitlist: ticket.waitlist,
      maxPerEmail: maxPerEmail === Infinity ? undefined : maxPerEmail, ticketId: ticket.id, limited, quantity, day: wibDay(now), at: now,
      participant: { ...participant, whatsappOptIn: input.whatsappOptIn ?? false }, ticketCode: newTicketCode(), answers,
      ref: trackingRef(input.ref),
      purchase: gross > 0
        ? {
          invoiceId: invoiceNumber(now), unitPrice: ticket.price, grossAmount: gross, discountAmount: discount, amount,
          // One flat fee per paid transaction, never more than was paid (constants.ts).
          discountCode: input.discountCode ?? null, paymentFee: Math.min(PAYMENT_FEE_RUPIAH, amount),
        }
        : null,
    };
    return {
      registration, maxPerEmail, maxPerUser, waitlist: ticket.waitlist,
      seatsLeft: limited ? ticket.quota : Infinity,
      soldOut: () => soldOutError(texts.soldOut, ticket.waitlist),
    };
  }

  /**
   * Registers, confirmed, on a seat already held for it (a waiting list's accepted offer): the
   * ticket's quota is not touched. Inside the caller's transaction; its e-ticket mail is queued
   * with it. Null when the email already holds what the ticket allows.
   */
  async insertOnHeldSeat(tx: DbOrTx, r: Omit<NewRegistration, 'limited' | 'pending' | 'job' | 'purchase' | 'waitlist'>) {
    const job = jobRow(MAIL_TICKET, { registrantId: r.registrantId });
    const stored = await insertRegistration(tx, { ...r, limited: false, pending: false, job, purchase: null });
    return stored.registrantId ? { registrantId: stored.registrantId, wake: () => wakeWorkers(job.kind) } : null;
  }

  /**
   * Queues the e-ticket mail again (`ticket.resend`) for the event's confirmed registrations made
   * with `email`, each at most once every TICKET_RESEND_MINUTES (queueTicketResends). Says nothing
   * of what it found: the caller answers the same either way.
   */
  async resendTickets(eventId: string, email: string, now = new Date()): Promise<void> {
    const queued = await queueTicketResends(this.db, { eventId, email, at: now, everyMs: TICKET_RESEND_MINUTES * 60_000, kind: RESEND_TICKET.id });
    if (queued) wakeWorkers(RESEND_TICKET.id);
  }
}
