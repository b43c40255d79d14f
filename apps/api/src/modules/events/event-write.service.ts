import {
  approvalAfterEdit, EVENT_MSG, eventIssues, reviewedChanges, fill, lockViolations, missingFieldLabels, normalizeEvent, OWN_MSG, SESSION_MSG, wibDay,
  type EventPayload, type Issue, type IssueMode, type ReviewedEvent,
} from '@eo/contract';
import type { events } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-results.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid } from '../../lib/errors.js';
import { organizationFor, Permission, requireEvent } from '../../lib/access.js';
import { forgetEvent } from '../../lib/event-cache.js';
import { recordAudit } from '../../lib/audit.js';
import { lockLiveTickets, type liveTickets } from './event-detail.repository.js';
import { holdRevision } from './event-revision.service.js';

import * as repo from './event-write.repository.js';

const customKeyTaken = () => new DomainError(ERROR_CODE.conflict, EVENT_MSG.customKeyTaken, {
  errors: [{ path: 'twibbon.customKey', message: EVENT_MSG.customKeyTaken }],
});


/** The stored event in the payload's shape the re-approval rule compares (as the detail shows it). */
function reviewedOf(e: typeof events.$inferSelect): ReviewedEvent {
  return {
    name: e.name, description: e.description, imageUrl: e.imageUrl, type: e.type, typeDesc: e.typeDesc,
    subTypes: e.subTypes, competitionField: e.competitionField, fieldDesc: e.fieldDesc,
    eventOrganizer: {
      name: e.eoName, email: e.eoEmail, phoneNumber: e.eoPhoneNumber, phoneNumberExist: Boolean(e.eoPhoneNumber),
      instagramProfileUrl: e.eoInstagramProfileUrl, instagramProfileExist: Boolean(e.eoInstagramProfileUrl),
      organizationLogoUrl: e.eoOrganizationLogoUrl,
    },
  };
}

/** 400 with every failed rule; the headline names what a submit still misses. */
function refuse(issues: Issue[], mode: IssueMode): never {
  const labels = mode === 'submit' ? missingFieldLabels(issues) : [];
  const headline = issues.some((i) => i.path === 'agreement')
    ? EVENT_MSG.agreementNotice
    : labels.length
      ? fill(EVENT_MSG.missingRequired, { fields: labels.join(', ') })
      : issues[0].message;
  throw invalid(headline, issues);
}

/**
 * Create, publish, edit and draft calls of spec section 4. Every call validates the whole
 * payload (format rules for drafts, every required field for a submit), checks ownership,
 * enforces the edit locks of a submitted event and writes everything in one transaction.
 */
export class EventWriteService {
  constructor(private readonly db: Db) {}

  /** `storedTicketIds`: a submitted event's categories, whose (locked) dates may have passed. */
  private validate(raw: EventPayload, mode: IssueMode, now: Date, storedTicketIds: string[] = []): EventPayload {
    // Judged as sent; the defaults of "on save" (price 0, dropped quotas...) come after.
    const issues = eventIssues(raw, mode, { today: wibDay(now), storedTicketIds });
    if (issues.length) refuse(issues, mode);
    return normalizeEvent(raw);
  }

  private async assertKeyFree(tx: Tx, payload: EventPayload, eventId?: string) {
    const key = payload.twibbon?.customKey;
    if (key && (await repo.customKeyTaken(tx, key, eventId))) {
      throw customKeyTaken();
    }
  }

  /** Runs a write; a race on the twibbon key (unique index) ends as the same 409. */
  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw customKeyTaken();
      throw err;
    }
  }

  /** A write that changes event `id`: this process's gate forgets the row once it committed (lib/event-cache.ts). */
  private async writeEvent<T>(id: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.write(fn);
    } finally {
      forgetEvent(this.db, id);
    }
  }

  /** `POST v1/events/create` (submit) and `POST v1/events/draft/create` (draft). */
  async create(caller: Caller, raw: EventPayload, mode: IssueMode, now = new Date()): Promise<string> {
    const payload = this.validate(raw, mode, now);
    return this.write(async (tx) => {
      await this.assertKeyFree(tx, payload);
      const organizationId = organizationFor(caller, 'events.write');
      const eventId = await repo.insertEvent(tx, {
        ...repo.eventColumns(payload), organizationId, creatorId: caller.userId, isDraft: mode === 'draft', createdAt: now, updatedAt: now,
      });
      await this.writeChildren(tx, eventId, payload, [], true, now);
      // Created straight into review: both what happened and that it was submitted.
      for (const action of mode === 'draft' ? ['event.created' as const] : ['event.created' as const, 'event.submitted' as const]) {
        await recordAudit(tx, caller, { action, organizationId, targetType: 'event', targetId: eventId, summary: payload.name ?? undefined, detail: { draft: mode === 'draft' } }, now);
      }
      return eventId;
    });
  }

  /**
   * `PUT v1/events/update/?id=` (a published event, mode submit), `PUT v1/events/draft/update/?id=`
   * (a draft, mode draft) and `POST v1/events/create?id=` (publishing a draft, mode submit).
   */
  async update(caller: Caller, id: string, raw: EventPayload, kind: 'edit' | 'draft' | 'publish', now = new Date()): Promise<string> {
    const mode: IssueMode = kind === 'draft' ? 'draft' : 'submit';
    // Judged before taking locks when nothing stored matters; an edit needs its stored categories first.
    const early = kind === 'edit' ? null : this.validate(raw, mode, now);
    return this.writeEvent(id, async (tx) => {
      const stored = await requireEvent(tx, caller, Permission.EventUpdate, id, { lock: true });
      if (kind === 'edit' && stored.isDraft) throw conflict(OWN_MSG.eventIsDraft);
      if (kind !== 'edit' && !stored.isDraft) throw conflict(OWN_MSG.eventNotDraft);
      // Event first, then its tickets: registrations lock only the ticket (see lockLiveTickets).
      const oldTickets = await lockLiveTickets(tx, id);
      const payload = early ?? this.validate(raw, mode, now, oldTickets.map((t) => t.id));
      if (kind === 'edit') {
        const violations = lockViolations({ ...stored, tickets: oldTickets }, payload, now);
        if (violations.length) {
          const issues = violations.map((v) => ({ path: v.path, message: fill(v.late ? OWN_MSG.lockedBeforeEvent : OWN_MSG.locked, { field: v.field }) }));
          throw invalid(issues[0].message, issues);
        }
      }
      await this.assertKeyFree(tx, payload, id);
      // Switching paid/free or the registration method starts the participant categories afresh.
      const clearTickets = stored.isPaidEvent !== Boolean(payload.isPaidEvent) || (stored.registrationMethod ?? null) !== (payload.registrationMethod ?? null);
      // Re-approval rule (contract, review-rules.ts): what the admin approved must not change unseen.
      const approvedStatus = kind === 'edit' ? approvalAfterEdit(stored.approvedStatus, reviewedChanges(reviewedOf(stored), payload)) : stored.approvedStatus;
      // Revision rule (contract, revision-rules.ts): on an event that stays approved, the public
      // version keeps its held parts until the admin publishes them; the rest applies now.
      const { applied, held } = kind === 'edit' && stored.approvedStatus === 'approved' && approvedStatus === 'approved'
        ? await holdRevision(tx, stored, payload, caller.userId, now)
        : { applied: payload, held: [] };
      if (kind === 'edit' && approvedStatus !== 'approved') await repo.dropRevision(tx, id);
      await repo.updateEvent(tx, id, { ...repo.eventColumns(applied), isDraft: kind === 'draft', approvedStatus, updatedAt: now });
      await this.writeChildren(tx, id, applied, oldTickets, clearTickets, now);
      // A draft published (create?id=) is submitted; an edit is an update, and also a submission
      // when it sends the event back to review (the re-approval rule moved it to pending).
      const resubmitted = kind === 'edit' && approvedStatus === 'pending' && stored.approvedStatus !== 'pending';
      const actions = kind === 'publish' ? ['event.submitted' as const] : resubmitted ? ['event.updated' as const, 'event.submitted' as const] : ['event.updated' as const];
      for (const action of actions) {
        await recordAudit(tx, caller, {
          action, organizationId: stored.organizationId, targetType: 'event', targetId: id, summary: payload.name ?? stored.name ?? undefined,
          detail: { draft: kind === 'draft', ...(kind === 'edit' ? { approvedStatus } : {}), ...(held.length ? { revision: held.map((c) => c.label) } : {}) },
        }, now);
      }
      return id;
    });
  }

  private async writeChildren(
    tx: Tx, eventId: string, payload: EventPayload, oldTickets: Awaited<ReturnType<typeof liveTickets>>, clearTickets: boolean, now: Date,
  ) {
    const held = await repo.seatsHeldByTicket(tx, eventId);
    const byId = new Map(oldTickets.map((t) => [t.id, t]));
    const kept = new Set<string>();
    for (const [position, t] of payload.tickets.entries()) {
      const old = !clearTickets && t.id ? byId.get(t.id) : undefined;
      if (!old) {
        const ticketId = await repo.insertTicket(tx, eventId, t, position, now);
        await repo.syncQuestions(tx, eventId, ticketId, t.registrationSteps, now);
        continue;
      }
      kept.add(old.id);
      // A seat a waiting-list offer holds is promised: it stays taken, as a sold one does.
      const h = held.get(old.id);
      const seats = (h?.sold ?? 0) + (h?.offered ?? 0);
      if (t.originalQuotaType === 'limited' && (t.originalQuota ?? 0) < seats) {
        throw invalid(fill(OWN_MSG.quotaBelowSold, { sold: seats }), [
          { path: `tickets.${position}.originalQuota`, message: fill(OWN_MSG.quotaBelowSold, { sold: seats }) },
        ]);
      }
      if ((t.price ?? 0) !== old.price) await repo.recordPriceChange(tx, old.id, old.price, t.price ?? 0, now);
      await repo.updateTicket(tx, old.id, t, position, seats, now);
      await repo.syncQuestions(tx, eventId, old.id, t.registrationSteps, now);
    }
    const removed = oldTickets.filter((t) => !kept.has(t.id));
    // A category people have registered for stays: removing it (or starting afresh) would
    // strand their registrations and undo the locks on its dates and quota type.
    const taken = removed.find((t) => (held.get(t.id)?.sold ?? 0) > 0);
    if (taken) {
      const message = fill(OWN_MSG.ticketHasParticipants, { name: taken.name });
      throw invalid(message, [{ path: 'tickets', message }]);
    }
    await repo.softDeleteTickets(tx, removed.map((t) => t.id), now);
    await repo.syncQuestions(tx, eventId, null, payload.registrationSteps, now);
    // A session someone attended stays: its attendance counts for certificates.
    const attended = await repo.attendedSessionLeftOut(tx, eventId, payload.sessions);
    if (attended) {
      const message = fill(SESSION_MSG.attended, { name: attended.name });
      throw invalid(message, [{ path: 'sessions', message }]);
    }
    await repo.syncSessions(tx, eventId, payload.sessions);
    await repo.saveTwibbon(tx, eventId, payload.twibbon);
  }
}
