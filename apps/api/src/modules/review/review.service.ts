import { REVIEW_MSG, type ApprovalBody, type ReviewListQuery, type RevisionDecision, type RevisionListQuery } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { forgetEvent } from '../../lib/event-cache.js';
import { conflict, DomainError, ERROR_CODE, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Mailer, OutgoingMail } from '../../lib/mailer.js';
import { publishRevision } from '../events/event-revision.service.js';
import { decisionMail, revisionMail } from './review-mail.js';
import * as repo from './review.repository.js';

/** The admin's review of submitted events (API.md, Admin). Only globalAdmin reaches it (route access). */
export class ReviewService {
  constructor(private readonly db: Db, private readonly mailer: Mailer, private readonly publicUrl: string) {}

  /** Mails the organizer inside the decision's transaction: a mail that cannot leave undoes the decision (502). */
  private async mailOrUndo(mail: OutgoingMail) {
    try {
      await this.mailer.send(mail);
    } catch {
      throw new DomainError(ERROR_CODE.reviewMailFailed, REVIEW_MSG.mailFailed);
    }
  }

  list(q: ReviewListQuery) {
    return repo.listPending(this.db, q);
  }

  /**
   * Approves or rejects an event waiting for review, and mails its organizer, in one transaction:
   * if the mail cannot leave, the decision is not stored (the admin tries again), so an organizer
   * is never left unaware. Deciding twice (two admins, a double click) is a 409 for the second.
   */
  async decide(id: string, body: ApprovalBody, now = new Date()) {
    if (!isUuid(id)) throw notFound();
    const reason = body.approvedStatus === 'rejected' ? body.reason ?? null : null;
    await this.db.transaction(async (tx) => {
      const event = await repo.lockForReview(tx, id);
      if (!event || event.deletedAt) throw notFound();
      if (event.isDraft) throw conflict(REVIEW_MSG.notReviewable);
      if (event.approvedStatus !== 'pending') throw conflict(REVIEW_MSG.notPending, ERROR_CODE.eventNotPending);
      await repo.setStatus(tx, id, body.approvedStatus, now);
      await this.mailOrUndo(decisionMail({
        to: event.creatorEmail, organizerName: event.creatorName, eventId: id, eventName: event.name,
        decision: body.approvedStatus, reason, publicUrl: this.publicUrl, decidedAt: now,
      }));
    }).finally(() => forgetEvent(this.db, id));
    return { id, approvedStatus: body.approvedStatus, reason };
  }

  revisions(q: RevisionListQuery) {
    return repo.listRevisions(this.db, q);
  }

  /**
   * Publishes or drops an approved event's waiting revision, and mails its organizer, in one
   * transaction (as `decide`). The event's lock comes first, as in an edit, so an edit replacing
   * the revision and the decision cannot cross; a second decision finds none (409).
   */
  async decideRevision(id: string, body: RevisionDecision, now = new Date()) {
    if (!isUuid(id)) throw notFound();
    const reason = body.decision === 'reject' ? body.reason ?? null : null;
    await this.db.transaction(async (tx) => {
      const event = await repo.lockForReview(tx, id);
      if (!event || event.deletedAt) throw notFound();
      const revision = event.approvedStatus === 'approved' ? await repo.lockRevision(tx, id) : undefined;
      if (!revision) throw conflict(REVIEW_MSG.revisionNotPending, ERROR_CODE.revisionNotPending);
      if (body.decision === 'approve') await publishRevision(tx, id, revision.payload, now);
      await repo.deleteRevision(tx, id);
      await this.mailOrUndo(revisionMail({
        to: event.creatorEmail, organizerName: event.creatorName, eventId: id, eventName: event.name,
        decision: body.decision, reason, parts: revision.changes.map((c) => c.label), publicUrl: this.publicUrl, decidedAt: now,
      }));
    }).finally(() => forgetEvent(this.db, id));
    return { id, decision: body.decision, reason };
  }
}
