import { fill, MAIL_MSG, SEAT_MAIL_MSG, WAITLIST_MSG as M } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';
import { wibDateTime } from '../../lib/table-export.js';
import { mailBody } from './seat-mail.js';

export interface OfferMailInput { to: string; name: string; eventName: string; category: string; url: string; until: Date; token: string }


/** The waiting list's offer: a seat held until `until` (WIB), and the link that takes it. Typed names are defanged. */
export function offerMail(typed: OfferMailInput): OutgoingMail {
  const event = unlinkable(typed.eventName);
  const lines = [
    fill(MAIL_MSG.helloName, { name: unlinkable(typed.name) }),
    '',
    fill(M.offer, { event, category: unlinkable(typed.category) }),
    fill(M.offerUntil, { until: wibDateTime(typed.until) }),
    '',
    fill(M.offerLink, { url: typed.url }),
    '',
    SEAT_MAIL_MSG.notYou,
  ];
  return {
    to: typed.to,
    subject: fill(M.offerSubject, { event }),
    ...mailBody(lines),
    // One mail per offer (a token is one offer).
    idempotencyKey: `waitlist-offer-${typed.token}`,
  };
}
