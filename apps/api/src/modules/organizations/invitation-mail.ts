import { createHash, randomBytes } from 'node:crypto';
import { fill, INVITATION_TTL_DAYS, MAIL_MSG as M, ORG_ROLE_LABEL, type OrgRole } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';

const DAY_MS = 86_400_000;

/** A link's secret: 32 random bytes, base64url. Only its hash is stored. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);

/**
 * The invitee's mail: who invites them, where, as what, and the link (`/invite/{token}`), the
 * only link in it: the names anyone can type are defanged.
 */
export function invitationMail(typed: { to: string; inviter: string; organization: string; role: OrgRole; publicUrl: string; token: string }): OutgoingMail {
  const input = { ...typed, inviter: unlinkable(typed.inviter), organization: unlinkable(typed.organization) };
  const url = `${input.publicUrl.replace(/\/+$/, '')}/invite/${input.token}`;
  return {
    to: input.to,
    subject: fill(M.inviteSubject, { organization: input.organization }),
    text: [
      M.hello,
      '',
      fill(M.invite, { inviter: input.inviter, organization: input.organization, role: ORG_ROLE_LABEL[input.role] }),
      '',
      fill(M.inviteLink, { days: INVITATION_TTL_DAYS, url }),
      '',
      M.inviteNotYou,
    ].join('\n'),
  };
}
