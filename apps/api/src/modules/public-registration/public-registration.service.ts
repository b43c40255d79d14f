import {
  isBlankAnswer,
  answerFileKinds, fill, PUBLIC_ANSWER_MAX, UPLOAD_KIND_MEDIA_TYPE, PUBLIC_MAX_FILES, PUBLIC_REG_MSG as M, type PublicRegistrationBody, type PublicRegistrationResult, type ETicket, type UploadKind,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { conflict, DomainError, ERROR_CODE, invalid, invalidField, notFound, secondsUntil, type ErrorItem } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { safeHref } from '../../lib/public-html.js';
import { isTicketCode, type RegistrationEvent, type RegistrationOptions, type RegistrationQuestion, type RegistrationService, type RegistrationTexts } from '../platform/registration.service.js';
import type { WaitlistService } from '../seats/waitlist.service.js';
import { ANSWER_UPLOAD_ABANDONED_MS, type IncomingFile, type UploadService } from '../uploads/uploads.service.js';
import { EVENT_UNNAMED_UPLOAD_BYTES, SENDER_WINDOW_MS, senderKeyOf } from './upload-caps.js';
import { findTicket, findUploadQuestion, isReachable } from './public-registration.repository.js';

/** A JSON timestamp (PostgreSQL's `+00:00` form) as an answer's ISO string. */
const isoOf = (text: string) => new Date(text).toISOString();

/** The public pages' refusals, in Indonesian, with the platform intake's messageIds. */
const TEXTS: RegistrationTexts = {
  registrationClosed: M.registrationClosed,
  soldOut: M.soldOut,
  maxPerUser: M.alreadyRegistered,
  ticketNotOfEvent: M.ticketNotOfEvent,
  missingAnswer: M.missingAnswer,
};


/** A stored upload's kind by its media type. */
const KIND_OF_TYPE = Object.fromEntries(Object.entries(UPLOAD_KIND_MEDIA_TYPE).map(([kind, type]) => [type, kind as UploadKind])) as Record<string, UploadKind>;


/**
 * A stored file answer. Organizers open it by `fileId` through PARTICIPANTS.answerFile (the event's
 * participants); `url` (the owners' and admins' /v1/files/:id) stays for answers already stored in this shape.
 */
interface FileAnswer { fileId: string; url: string; name: string | null }

/**
 * Registration on the public pages (API.md "Public pages"): free tickets only, one per
 * email per ticket, the platform intake's rules through the one RegistrationService, answers
 * checked per question kind, a honeypot, and 404 for any event that is not published, approved
 * and live.
 */
export class PublicRegistrationService {
  constructor(
    private readonly db: Db, private readonly registrations: RegistrationService, private readonly uploads: UploadService,
    private readonly caps: { secret: string; senderBytesPerHour: number },
    private readonly waitlist: WaitlistService,
  ) {}

  async register(eventId: string, body: PublicRegistrationBody, now = new Date()): Promise<PublicRegistrationResult> {
    return this.publicly(eventId, body, async () => {
      const { registrantId, ticketCode, status } = await this.registrations.register(eventId, this.input(body), this.options(now));
      await this.uploads.markNamed(namedFiles(body.answers), now);
      return { registrantId, ticketCode, status };
    });
  }

  /** Joins a sold-out ticket's waiting list with a registration's body, checked as one (WaitlistService.join). */
  async joinWaitlist(eventId: string, body: PublicRegistrationBody, now = new Date()): Promise<{ waitlistId: string; position: number }> {
    return this.publicly(eventId, body, async () => {
      const prepared = await this.registrations.prepare(eventId, this.input(body), this.options(now));
      const place = await this.waitlist.join(prepared, now);
      await this.uploads.markNamed(namedFiles(body.answers), now);
      return place;
    });
  }

  /** A waiting-list offer of the event, for its page (undefined: unknown). */
  offer(eventId: string, token: string) {
    return this.waitlist.view(eventId, token);
  }

  private input(body: PublicRegistrationBody) {
    return { ticketId: body.ticketId, quantity: 1, participant: body.participant, answers: body.answers, accessCode: body.accessCode, ref: body.ref, whatsappOptIn: body.whatsappOptIn };
  }

  private options(now: Date): RegistrationOptions {
    return {
      now, texts: TEXTS, maxPerEmail: 1,
      paidRefusal: () => conflict(M.paidTicketInApp, ERROR_CODE.paidTicketInApp),
      answers: (event, given) => this.checkAnswers(event, given),
    };
  }

  /**
   * The public side of a registration's work: a honeypot refused first, and an event that is not
   * reachable (a draft, waiting for review, rejected, deleted) answered 404 whatever refused it.
   */
  private async publicly<T>(eventId: string, body: PublicRegistrationBody, work: () => Promise<T>): Promise<T> {
    // A bot filled the field people never see: refused before anything is read or written.
    if (body.website?.trim()) throw invalidField(M.honeypot, 'website');
    if (!isUuid(eventId)) throw notFound();
    try {
      return await work();
    } catch (err) {
      // Closed (or its ticket unknown) because the event is a draft, waiting for review, rejected or
      // deleted: on the public side it does not exist, and its refusals must not say otherwise.
      const ticketRefused = err instanceof DomainError && err.code === ERROR_CODE.validation && err.details.errors?.[0]?.path === 'ticketId';
      const closed = err instanceof DomainError && err.code === ERROR_CODE.registrationClosed;
      if ((closed || ticketRefused) && !(await isReachable(this.db, eventId))) throw notFound();
      throw err;
    }
  }

  /**
   * Stores a file answering an image or file question of a reachable event, private to its
   * organization. Files no registration names yet are capped: per sender (`ip`) an hour, and per
   * event. The check runs again once the file is stored, so uploads racing past a cap together are
   * taken back rather than let through.
   */
  async upload(eventId: string, questionId: string | undefined, file: IncomingFile, ip: string, now = new Date()): Promise<string> {
    if (!isUuid(eventId)) throw notFound();
    const question = questionId && isUuid(questionId) ? await findUploadQuestion(this.db, eventId, questionId) : undefined;
    if (!question || (question.type !== 'image' && question.type !== 'file')) {
      if (!(await isReachable(this.db, eventId))) throw notFound();
      throw invalidField(M.uploadQuestion, 'questionId');
    }
    if (question.registrationMethod !== 'internal') throw conflict(M.registrationClosed, ERROR_CODE.registrationClosed);
    const senderKey = senderKeyOf(this.caps.secret, ip, now);
    await this.withinUploadCaps(eventId, senderKey, file.data.length, now);
    const id = await this.uploads.storeAnswerFile(question.organizationId, question.creatorId, answerFileKinds(question), file, { eventId, senderKey });
    try {
      await this.withinUploadCaps(eventId, senderKey, 0, now);
    } catch (err) {
      await this.uploads.discardUnnamed(id);
      throw err;
    }
    return id;
  }

  /** 429 with Retry-After when `adding` bytes would pass the sender's hourly or the event's cap of unnamed answer files. */
  private async withinUploadCaps(eventId: string, senderKey: string, adding: number, now: Date) {
    const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));
    const mine = await this.uploads.unnamedAnswerBytes({ senderKey }, new Date(now.getTime() - SENDER_WINDOW_MS));
    if (mine.bytes + adding > this.caps.senderBytesPerHour) {
      const retryAfterSeconds = secondsUntil(new Date((mine.oldest ?? now).getTime() + SENDER_WINDOW_MS), now);
      throw new DomainError(ERROR_CODE.tooManyRequests, fill(M.uploadSenderCap, { minutes: minutes(retryAfterSeconds) }), { retryAfterSeconds });
    }
    const event = await this.uploads.unnamedAnswerBytes({ eventId }, new Date(now.getTime() - ANSWER_UPLOAD_ABANDONED_MS));
    if (event.bytes + adding > EVENT_UNNAMED_UPLOAD_BYTES) {
      throw new DomainError(ERROR_CODE.tooManyRequests, fill(M.uploadEventCap, { minutes: 60 }), { retryAfterSeconds: 3600 });
    }
  }

  /**
   * "Kirim ulang e-tiket" of a reachable event (else 404): queues the e-ticket again for the
   * email's confirmed registrations (RegistrationService.resendTickets). The same work and the same
   * answer whether or not there are any; the mails leave from the queue, never while the caller waits.
   */
  async resendTickets(eventId: string, email: string, now = new Date()): Promise<void> {
    if (!isUuid(eventId) || !(await isReachable(this.db, eventId))) throw notFound();
    await this.registrations.resendTickets(eventId, email, now);
  }

  async ticket(code: string, now = new Date()): Promise<ETicket> {
    return (await this.ticketPage(code, now)).ticket;
  }

  /**
   * The e-ticket and what its page links to besides: the event's twibbon maker, when it has one;
   * and which of its sections have something to show (an evaluation form, certificates given out).
   */
  async ticketPage(code: string, now = new Date()): Promise<{ ticket: ETicket; twibbonKey: string | null; sections: { evaluation: boolean; certificates: boolean } }> {
    if (!isTicketCode(code)) throw notFound(M.ticketNotFound);
    const row = await findTicket(this.db, code);
    if (!row) throw notFound(M.ticketNotFound);
    const cancelUntil = row.cancellationDeadline ?? row.firstEventAt;
    const cancellable = (row.status === 'confirmed' || row.status === 'pending') && !row.checkedInAt && !row.transactionId
      && (!cancelUntil || now < cancelUntil);
    return { twibbonKey: row.twibbonKey, sections: { evaluation: row.hasEvaluationForm, certificates: row.hasCertificates }, ticket: {
      ticketCode: row.ticketCode,
      status: row.status,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      cancellable,
      cancelUntil: cancelUntil?.toISOString() ?? null,
      participant: { name: row.name },
      category: { id: row.categoryId, name: row.categoryName },
      event: {
        id: row.eventId, name: row.eventName,
        startAt: row.firstEventAt?.toISOString() ?? null, endAt: row.lastEventAt?.toISOString() ?? null,
        dates: row.dates ?? [], experience: row.experience, location: row.location,
        // The way in is for those who hold a seat: a registration not (or no longer) confirmed does not show it.
        streamLink: row.status === 'confirmed' && row.experience === 'online' ? safeHref(row.streamLink) : null,
      },
      sessions: row.sessions.map((s) => ({ ...s, startsAt: isoOf(s.startsAt), endsAt: isoOf(s.endsAt), attendedAt: s.attendedAt && isoOf(s.attendedAt) })),
      attendanceSessionId: row.attendanceSessionId,
    } };
  }

  /**
   * Each answer against its question's kind: text (one line, at most 500), paragraph (at most
   * 5,000), radio (one of its options), checkbox (some of its options), image (one uploaded
   * image), file (up to maxFiles uploads of the kinds it accepts). Files must be this event's
   * organization's answer uploads. Answers to questions the ticket does not ask are dropped.
   */
  private async checkAnswers(event: RegistrationEvent, given: Map<string, unknown>) {
    const errors: ErrorItem[] = [];
    const out: { questionId: string; value: unknown }[] = [];
    for (const q of event.questions) {
      const value = given.get(q.id);
      if (isBlankAnswer(value)) continue;
      const path = `answers.${q.id}`;
      const fail = (template: string, n?: number) => errors.push({ message: fill(template, { name: q.name, ...(n !== undefined ? { n } : {}) }), path });
      const stored = await this.checkAnswer(event, q, value, fail);
      if (stored !== undefined) out.push({ questionId: q.id, value: stored });
    }
    if (errors.length) throw invalid(errors[0].message, errors);
    return out;
  }

  private async checkAnswer(event: RegistrationEvent, q: RegistrationQuestion, value: unknown, fail: (template: string, n?: number) => void): Promise<unknown> {
    const options = new Set((q.options ?? []).map((o) => o.name));
    switch (q.type) {
      case 'text':
      case 'paragraph': {
        const max = q.type === 'text' ? PUBLIC_ANSWER_MAX.text : PUBLIC_ANSWER_MAX.paragraph;
        if (typeof value !== 'string' || (q.type === 'text' && /[\r\n]/.test(value.trim()))) return fail(M.answerOneLine);
        if (value.trim().length > max) return fail(M.answerTooLong, max);
        return value.trim();
      }
      case 'radio':
        if (typeof value !== 'string' || !options.has(value)) return fail(M.answerOption);
        return value;
      case 'checkbox': {
        const chosen = typeof value === 'string' ? [value] : value;
        if (!Array.isArray(chosen) || !chosen.every((c) => typeof c === 'string' && options.has(c))) return fail(M.answerOptions);
        return [...new Set(chosen as string[])];
      }
      case 'image':
      case 'file': {
        const ids = typeof value === 'string' ? [value] : value;
        const max = q.type === 'image' ? 1 : Math.min(q.maxFiles ?? 1, PUBLIC_MAX_FILES);
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return fail(M.answerFile);
        if (ids.length > max) return fail(M.answerFileCount, max);
        const kinds = answerFileKinds(q);
        const files: FileAnswer[] = [];
        for (const id of new Set(ids as string[])) {
          const file = isUuid(id) ? await this.uploads.answerFile(event.organizationId, id) : null;
          if (!file) return fail(M.answerFile);
          if (!kinds.includes(KIND_OF_TYPE[file.contentType])) return fail(M.answerFileType);
          files.push({ fileId: file.id, url: `/v1/files/${file.id}`, name: file.name });
        }
        return q.type === 'image' ? files[0] : files;
      }
      default:
        return value;
    }
  }
}

/** The upload ids a registration's answers give (image and file questions), as sent. */
function namedFiles(answers: PublicRegistrationBody['answers']): string[] {
  return (answers ?? []).flatMap((a) => (Array.isArray(a.value) ? a.value : [a.value])).filter((v): v is string => typeof v === 'string' && isUuid(v));
}
