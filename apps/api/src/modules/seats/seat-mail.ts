import { fill, MAIL_MSG, SEAT_MAIL_MSG as M } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { escapeHtml } from '../../lib/public-html.js';
import { unlinkable } from '../../lib/unlinkable.js';
import { ticketPageUrl } from '../platform/ticket-mail.js';
import type { SeatMailKind } from './seat-mail.type.js';

export interface SeatMailInput {
  kind: SeatMailKind;
  to: string;
  name: string;
  eventId: string;
  eventName: string;
  category: string;
  ticketCode: string;
  publicUrl: string;
  /** The organizer's note (a decline's or a cancellation's reason). */
  reason?: string | null;
}

const SUBJECT: Record<SeatMailKind, string> = { pending: M.pendingSubject, declined: M.declinedSubject, cancelled: M.cancelledSubject };
const BODY: Record<SeatMailKind, string> = { pending: M.pending, declined: M.declined, cancelled: M.cancelled };


/** A seat mail's body from its lines: the text as they are, the HTML a paragraph each (escaped; '' a gap). */
export const mailBody = (lines: string[]) => ({
  text: lines.join('\n'),
  html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
});

/**
 * A mail about a registration's status: waiting for approval, declined or cancelled, with the
 * organizer's note and a link to the e-ticket page, which shows the status. No QR code: there is
 * no valid ticket to show. Whatever was typed (names, the note) is defanged and escaped.
 */
export function seatMail(typed: SeatMailInput): OutgoingMail {
  const event = unlinkable(typed.eventName);
  const values = { event, category: unlinkable(typed.category) };
  const url = ticketPageUrl(typed.publicUrl, typed.eventId, typed.ticketCode);
  const reason = typed.reason?.trim() ? fill(M.reason, { reason: unlinkable(typed.reason.trim()) }) : null;
  const lines = [
    fill(MAIL_MSG.helloName, { name: unlinkable(typed.name) }),
    '',
    fill(BODY[typed.kind], values),
    ...(typed.kind === 'pending' ? [M.pendingNext] : []),
    ...(reason ? [reason] : []),
    '',
    fill(M.status, { url }),
    '',
    M.notYou,
  ];
  return {
    to: typed.to,
    subject: fill(SUBJECT[typed.kind], { event }),
    ...mailBody(lines),
    // One mail per registration and kind, however often the job runs.
    idempotencyKey: `seat-${typed.kind}-${typed.ticketCode}`,
  };
}
