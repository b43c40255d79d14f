import { EVALUATION_ANCHOR, EVALUATION_MAIL_TEXT as M, fill, formatWibLongDate, formatWibTime, MAIL_MSG } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';
import { ticketPageUrl } from '../platform/ticket-mail.js';
import { mailBody } from '../seats/seat-mail.js';

export interface EvaluationInviteInput {
  to: string;
  name: string;
  eventId: string;
  eventName: string;
  ticketCode: string;
  publicUrl: string;
  /** When the evaluation closes. */
  closesAt: Date;
}

/**
 * The invitation to an attendee to answer the evaluation: the e-ticket page's "Evaluasi" section
 * linked, and until when it takes answers. Whatever was typed (names) is defanged and escaped.
 */
export function evaluationInviteMail(typed: EvaluationInviteInput): OutgoingMail {
  const event = unlinkable(typed.eventName);
  const url = `${ticketPageUrl(typed.publicUrl, typed.eventId, typed.ticketCode)}#${EVALUATION_ANCHOR}`;
  const lines = [
    fill(MAIL_MSG.helloName, { name: unlinkable(typed.name) }),
    '',
    fill(M.body, { event }),
    fill(M.until, { until: `${formatWibLongDate(typed.closesAt)}, ${formatWibTime(typed.closesAt)}` }),
    '',
    fill(M.link, { url }),
    '',
    M.notYou,
  ];
  return {
    to: typed.to,
    subject: fill(M.subject, { event }),
    ...mailBody(lines),
    // One invitation per registration, however often the job runs.
    idempotencyKey: `evaluation-invite-${typed.ticketCode}`,
  };
}
