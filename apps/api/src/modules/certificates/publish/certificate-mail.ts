import { fill, MAIL_MSG as M } from '@eo/contract';
import { unlinkable } from '../../../lib/unlinkable.js';

export interface CertificateSender { name: string; account: string; email: string }

/**
 * The certificate mail, in Indonesian (one place, for a later language switch). It names the
 * organizer who sent it (the event's organizer and the account that published), and nothing
 * anyone typed (event, names) can become a link: every link-looking run in it is defanged, so
 * the platform's own verify link is the only one a mail client shows.
 */
export function certificateMail(m: { eventName: string; name: string; serial: string; link: string; sender: CertificateSender }) {
  const event = unlinkable(m.eventName || M.certDefaultEvent);
  const name = unlinkable(m.name);
  const organizer = unlinkable(m.sender.name);
  const account = unlinkable(`${m.sender.account} <${m.sender.email}>`);
  return {
    subject: fill(M.certSubject, { event, name }),
    text: [
      fill(M.helloName, { name }),
      '',
      fill(M.certThanks, { event }),
      '',
      fill(M.certSerial, { serial: unlinkable(m.serial) }),
      fill(M.certCheck, { link: m.link }),
      '',
      M.certRegards,
      fill(M.certCommittee, { event }),
      '',
      '--',
      fill(M.certSentBy, { organizer, account }),
      M.certNotOurs,
    ].join('\n'),
  };
}
