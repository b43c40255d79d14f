import { fill, MAIL_MSG as M, PASSWORD_RESET_TTL_MINUTES } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';

/** The password reset link (`/reset-password/{token}`), valid PASSWORD_RESET_TTL_MINUTES, used once. */
export function resetMail(to: string, url: string): OutgoingMail {
  return {
    to,
    subject: M.resetSubject,
    text: [
      M.hello,
      '',
      fill(M.reset, { email: to }),
      '',
      fill(M.resetLink, { minutes: PASSWORD_RESET_TTL_MINUTES, url }),
      '',
      M.resetNotYou,
    ].join('\n'),
  };
}
