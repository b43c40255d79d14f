import { SEATS_MSG, wibDay, type DecisionResult, type DecisionsBody, type PendingQuery, type RegistrantList } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { wakeWorkers } from '../../jobs/queue.js';
import type { ParticipantsService } from '../participants/participants.service.js';
import { MAIL_TICKET } from '../platform/mail-ticket.type.js';
import { isTicketCode } from '../platform/registration.service.js';
import { SEAT_MAIL } from './seat-mail.type.js';
import { approvePending, closeRegistration, findForCancel } from './seats.repository.js';
import { WAITLIST_JOB } from './waitlist.repository.js';
import { offerFreeSeats } from './waitlist.service.js';

/**
 * The organizer's side of seats (API.md, Seats): registrations waiting for approval, and the
 * decisions on them. Every change is one statement with its mail queued beside it, and its
 * audit entry in the same transaction.
 */
export class SeatsService {
  constructor(private readonly db: Db, private readonly participants: ParticipantsService) {}

  /** The pending registrations of an event the caller manages, in the participant list's shape. */
  async pending(caller: Caller, eventId: string, q: PendingQuery): Promise<RegistrantList> {
    const event = await requireEvent(this.db, caller, Permission.ParticipantsManage, eventId);
    return this.participants.list(caller, { ...q, eventId: event.id, filters: { ...q.filters, status: 'pending' } });
  }

  /**
   * Approves or declines each registration, in the order given, each on its own: an approval
   * takes a seat or is refused for that person (TICKET_SOLD_OUT), one not pending is left alone
   * (NOT_PENDING). Approved people get their e-ticket, declined ones a mail with the reason.
   */
  async decide(caller: Caller, eventId: string, body: DecisionsBody, now = new Date()): Promise<DecisionResult> {
    const event = await requireEvent(this.db, caller, Permission.ParticipantsManage, eventId);
    const reason = body.reason?.trim() || null;
    const results: DecisionResult = [];
    for (const registrantId of new Set(body.registrantIds)) {
      if (!isUuid(registrantId)) {
        results.push({ registrantId, outcome: 'NOT_PENDING' });
        continue;
      }
      const outcome = await this.db.transaction(async (tx) => {
        const audit = (action: 'registration.approved' | 'registration.declined', name: string) => recordAudit(tx, caller, {
          action, organizationId: event.organizationId, targetType: 'registrant', targetId: registrantId, summary: name,
          detail: { eventId: event.id, ...(reason ? { reason } : {}) },
        }, now);
        if (body.decision === 'approve') {
          const row = await approvePending(tx, { eventId: event.id, registrantId, day: wibDay(now), mailKind: MAIL_TICKET.id });
          if (!row.target) return 'NOT_PENDING' as const;
          if (!row.approved) return 'TICKET_SOLD_OUT' as const;
          await audit('registration.approved', row.name ?? '');
          return 'approved' as const;
        }
        const declined = await closeRegistration(tx, {
          eventId: event.id, registrantId, from: ['pending'], to: 'declined', at: now,
          mail: { kind: SEAT_MAIL.id, payload: { kind: 'declined', reason } },
        });
        if (!declined) return 'NOT_PENDING' as const;
        await audit('registration.declined', declined.name);
        return 'declined' as const;
      });
      results.push({ registrantId, outcome });
    }
    wakeWorkers(body.decision === 'approve' ? MAIL_TICKET.id : SEAT_MAIL.id);
    return results;
  }

  /**
   * The participant cancels their registration (confirmed or pending) from the e-ticket page,
   * with its email as a check, until the event's cancellation deadline (or its start). The seat
   * returns at once. Cancelling again answers the same.
   */
  async cancelOwn(ticketCode: string, email: string, now = new Date()): Promise<{ status: 'cancelled' }> {
    const r = isTicketCode(ticketCode) ? await findForCancel(this.db, { ticketCode }) : undefined;
    if (!r) throw new DomainError(ERROR_CODE.ticketNotFound, SEATS_MSG.ticketNotFound);
    if (r.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw invalidField(SEATS_MSG.emailMismatch, 'email');
    if (r.status === 'cancelled') return { status: 'cancelled' };
    if (r.closesAt && now > r.closesAt) throw conflict(SEATS_MSG.cancellationClosed, ERROR_CODE.cancellationClosed);
    await this.cancel(r, null, now);
    return { status: 'cancelled' };
  }

  /** The organizer cancels a free registration of an event they manage, mailing the person the reason. */
  async cancelByOrganizer(caller: Caller, eventId: string, registrantId: string, reason: string | null | undefined, now = new Date()): Promise<{ status: 'cancelled' }> {
    const event = await requireEvent(this.db, caller, Permission.ParticipantsManage, eventId);
    const r = isUuid(registrantId) ? await findForCancel(this.db, { eventId: event.id, registrantId }) : undefined;
    if (!r) throw notFound();
    if (r.status === 'cancelled') return { status: 'cancelled' };
    await this.cancel(r, reason?.trim() || null, now, caller);
    return { status: 'cancelled' };
  }

  /** Cancels `r` (refusing what may not be), the mail and, for the organizer, the audit entry in one transaction. */
  private async cancel(r: NonNullable<Awaited<ReturnType<typeof findForCancel>>>, reason: string | null, now: Date, caller?: Caller) {
    if (r.status !== 'confirmed' && r.status !== 'pending') throw conflict(SEATS_MSG.notCancellable);
    if (r.transactionId) throw conflict(SEATS_MSG.paidInApp, ERROR_CODE.paidTicketInApp);
    if (r.checkedInAt) throw conflict(SEATS_MSG.alreadyCheckedIn, ERROR_CODE.alreadyCheckedIn);
    const done = await this.db.transaction(async (tx) => {
      const closed = await closeRegistration(tx, {
        eventId: r.eventId, registrantId: r.id, from: ['confirmed', 'pending'], to: 'cancelled', at: now,
        mail: { kind: SEAT_MAIL.id, payload: { kind: 'cancelled', reason } },
      });
      // The seat it gave back goes to the first one waiting before anyone else can take it.
      if (closed) await offerFreeSeats(tx, r.ticketId, now);
      if (closed && caller) {
        await recordAudit(tx, caller, {
          action: 'registration.cancelled', organizationId: r.organizationId, targetType: 'registrant', targetId: r.id, summary: r.name,
          detail: { eventId: r.eventId, ...(reason ? { reason } : {}) },
        }, now);
      }
      return closed;
    });
    // Checked in, or changed, between the read and the lock: judged again as it now is.
    if (!done) {
      const again = await findForCancel(this.db, { eventId: r.eventId, registrantId: r.id });
      if (again?.status === 'cancelled') return;
      if (again?.checkedInAt) throw conflict(SEATS_MSG.alreadyCheckedIn, ERROR_CODE.alreadyCheckedIn);
      throw conflict(SEATS_MSG.notCancellable);
    }
    wakeWorkers(SEAT_MAIL.id);
    wakeWorkers(WAITLIST_JOB.offerMail);
  }
}
