import { fill, MAIL_MSG as M, type ReviewDecision, type RevisionDecision } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';

export interface DecisionMailInput {
  to: string;
  organizerName: string;
  eventId: string;
  eventName: string;
  decision: ReviewDecision;
  reason: string | null;
  /** Where the dashboard is (`PUBLIC_URL`): the only link in the mail, never anything typed. */
  publicUrl: string;
  decidedAt: Date;
}

export interface RevisionMailInput extends Omit<DecisionMailInput, 'decision'> {
  decision: RevisionDecision['decision'];
  /** The labels of the parts the revision changes. */
  parts: string[];
}

/**
 * A mail to the organizer about an admin's decision. Plain text: the names are defanged so that
 * they never become links; the reason is the platform's own staff's, quoted as typed.
 * One mail per decision: a retried request after a lost answer does not mail twice.
 */
function organizerMail(m: Omit<DecisionMailInput, 'decision'>, kind: string, subject: string, lines: (eventName: string) => string[]): OutgoingMail {
  const overview = `${m.publicUrl}/event/active/overview/${m.eventId}`;
  return {
    to: m.to,
    subject,
    text: [fill(M.helloName, { name: unlinkable(m.organizerName) }), '', ...lines(unlinkable(m.eventName)), '', fill(M.reviewLink, { url: overview })].join('\n'),
    idempotencyKey: `${kind}-${m.eventId}-${m.decidedAt.getTime()}`,
  };
}

/** The admin approved or rejected a submitted event. */
export function decisionMail(m: DecisionMailInput): OutgoingMail {
  const approved = m.decision === 'approved';
  return organizerMail(m, `review-${m.decision}`, approved ? M.reviewApprovedSubject : M.reviewRejectedSubject, (eventName) => (approved
    ? [fill(M.reviewApproved, { eventName })]
    : [fill(M.reviewRejected, { eventName }), '', M.reviewReason, m.reason ?? '', '', M.reviewFix]));
}

/** The admin published or dropped an approved event's revision: names the parts it changes. */
export function revisionMail(m: RevisionMailInput): OutgoingMail {
  const approved = m.decision === 'approve';
  const parts = m.parts.join(', ');
  return organizerMail(m, `revision-${m.decision}`, approved ? M.revisionApprovedSubject : M.revisionRejectedSubject, (eventName) => (approved
    ? [fill(M.revisionApproved, { eventName, parts })]
    : [fill(M.revisionRejected, { eventName, parts }), '', M.reviewReason, m.reason ?? '', '', M.revisionFix]));
}
