import { fill, MAIL_MSG as M, type ReviewDecision } from '@eo/contract';
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

/**
 * The organizer's mail about the admin's decision. Plain text: the names are defanged so that
 * they never become links; the reason is the platform's own staff's, quoted as typed.
 */
export function decisionMail(input: DecisionMailInput): OutgoingMail {
  const m = { ...input, organizerName: unlinkable(input.organizerName), eventName: unlinkable(input.eventName) };
  const approved = m.decision === 'approved';
  const overview = `${m.publicUrl}/event/active/overview/${m.eventId}`;
  const lines = approved
    ? [fill(M.reviewApproved, { eventName: m.eventName })]
    : [fill(M.reviewRejected, { eventName: m.eventName }), '', M.reviewReason, m.reason ?? '', '', M.reviewFix];
  return {
    to: m.to,
    subject: approved ? M.reviewApprovedSubject : M.reviewRejectedSubject,
    text: [fill(M.helloName, { name: m.organizerName }), '', ...lines, '', fill(M.reviewLink, { url: overview })].join('\n'),
    // One mail per decision: a retried request after a lost answer does not mail twice.
    idempotencyKey: `review-${m.eventId}-${m.decision}-${m.decidedAt.getTime()}`,
  };
}
