import { fill, INVITATION_DAILY_CAP, INVITATION_MAX_RESENDS, ORG_MSG, type Invitation, type Organization, type OrgRole } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-results.js';
import { organizationOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid, notFound, secondsUntil } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { isEmailRegistered } from '../auth/auth.service.js';
import { createUser } from '../users/users.service.js';
import { hashInvitationToken, invitationExpiry, invitationMail, newInvitationToken } from './invitation-mail.js';
import * as repo from './invitations.repository.js';
import { changing, requireManage, roleNow, type MembershipsForgetter } from './member-access.js';
import { invitationOut } from './member-views.js';
import { findMember, findMemberByEmail, findOrganization, insertMembership } from './members.repository.js';

/** Who acts, for the audit log: a signed-in caller, or the person accepting an invitation. */
type Actor = Pick<Caller, 'userId' | 'origin'>;


const DAY_MS = 86_400_000;
const invitationExpired = () => new DomainError(ERROR_CODE.invitationExpired, ORG_MSG.invitationExpired);

/** 429 once the organization has sent INVITATION_DAILY_CAP invitation mails in 24 hours; call with its row locked. */
async function withinDailyCap(tx: DbOrTx, organizationId: string, now: Date) {
  const sent = await repo.invitationMailsSince(tx, organizationId, new Date(now.getTime() - DAY_MS));
  if (sent.count < INVITATION_DAILY_CAP) return;
  const retryAfterSeconds = secondsUntil(new Date((sent.oldest ?? now).getTime() + DAY_MS), now);
  throw new DomainError(ERROR_CODE.tooManyRequests, fill(ORG_MSG.invitationDailyCap, { cap: INVITATION_DAILY_CAP }), { retryAfterSeconds });
}
const isOpen = (i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) =>
  !i.acceptedAt && !i.revokedAt && i.expiresAt.getTime() > now.getTime();

/**
 * Invitations to an organization (API.md, "Organizations and accounts"): inviting by email with a
 * mailed link, resending and revoking it, and the public side of the link (preview, accept).
 */
export class InvitationsService {
  constructor(
    private readonly db: Db, private readonly mailer: Mailer, private readonly publicUrl: string,
    private readonly memberships: MembershipsForgetter = { forgetUser: () => undefined },
  ) {}

  /**
   * Invites `email` as `role`, mailing a fresh link. An open invitation for the same email is
   * replaced (revoked, and a new token). The organization row is locked first, so two invitations
   * of one email at once take turns instead of racing the open-invitation index.
   */
  async invite(caller: Caller, input: { email: string; role: OrgRole }, now = new Date()): Promise<Invitation> {
    const organizationId = organizationOf(caller);
    const email = input.email.trim().toLowerCase();
    try {
      return await this.db.transaction(async (tx) => {
        const organization = await findOrganization(tx, organizationId, true);
        if (!organization) throw notFound();
        const role = await roleNow(tx, caller, organizationId);
        requireManage(role, input.role);
        if (await findMemberByEmail(tx, organizationId, email)) throw conflict(ORG_MSG.alreadyMember);
        await withinDailyCap(tx, organizationId, now);
        const previous = await repo.findOpenInvitationByEmail(tx, organizationId, email);
        if (previous) {
          // Replacing an invitation is revoking it: an admin may not revoke an owner's.
          requireManage(role, previous.role);
          await repo.updateInvitation(tx, previous.id, { revokedAt: now });
        }
        const token = newInvitationToken();
        const expiresAt = invitationExpiry(now);
        const id = await repo.insertInvitation(tx, {
          organizationId, email, role: input.role, tokenHash: hashInvitationToken(token), invitedBy: caller.userId, expiresAt, createdAt: now,
        });
        await recordAudit(tx, caller, { action: 'member.invited', organizationId, targetType: 'invitation', targetId: id, summary: email, detail: { role: input.role } }, now);
        // Sent in the transaction: an invitation nobody was told of is never left behind.
        await this.sendInvitation(invitationMail({ to: email, inviter: caller.name, organization: organization.name, role: input.role, publicUrl: this.publicUrl, token }));
        return invitationOut({ id, email, role: input.role, expiresAt, invitedBy: caller.name });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(fill(ORG_MSG.invited, { email }));
      throw e;
    }
  }

  /**
   * A new link and a new validity; the old link stops working. At most INVITATION_MAX_RESENDS
   * times, within the organization's daily cap (its row locked, as `invite` does).
   */
  async resendInvitation(caller: Caller, invitationId: string, now = new Date()): Promise<Invitation> {
    const organizationId = organizationOf(caller);
    return this.db.transaction(async (tx) => {
      const organization = await findOrganization(tx, organizationId, true);
      const invitation = organization ? await repo.findInvitation(tx, organizationId, invitationId, true) : undefined;
      if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw notFound();
      requireManage(await roleNow(tx, caller, organizationId), invitation.role);
      if (await repo.resendsOf(tx, organizationId, invitation.id, invitation.createdAt) >= INVITATION_MAX_RESENDS) {
        throw new DomainError(ERROR_CODE.tooManyRequests, fill(ORG_MSG.invitationResendCap, { n: INVITATION_MAX_RESENDS }));
      }
      await withinDailyCap(tx, organizationId, now);
      const token = newInvitationToken();
      const expiresAt = invitationExpiry(now);
      await repo.updateInvitation(tx, invitation.id, { tokenHash: hashInvitationToken(token), expiresAt });
      await recordAudit(tx, caller, {
        action: 'member.invited', organizationId, targetType: 'invitation', targetId: invitation.id, summary: invitation.email, detail: { role: invitation.role, resent: true },
      }, now);
      await this.sendInvitation(invitationMail({ to: invitation.email, inviter: caller.name, organization: organization!.name, role: invitation.role, publicUrl: this.publicUrl, token }));
      return invitationOut({ ...invitation, expiresAt });
    });
  }

  async revokeInvitation(caller: Caller, invitationId: string, now = new Date()): Promise<Invitation> {
    const organizationId = organizationOf(caller);
    return this.db.transaction(async (tx) => {
      const invitation = await repo.findInvitation(tx, organizationId, invitationId, true);
      if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw notFound();
      requireManage(await roleNow(tx, caller, organizationId), invitation.role);
      await repo.updateInvitation(tx, invitation.id, { revokedAt: now });
      await recordAudit(tx, caller, {
        action: 'invitation.revoked', organizationId, targetType: 'invitation', targetId: invitation.id, summary: invitation.email, detail: { role: invitation.role },
      }, now);
      return invitationOut(invitation);
    });
  }

  /** What `/invite/{token}` shows; a used, revoked, expired or unknown link is 410. */
  async preview(token: string, now = new Date()) {
    const invitation = await repo.findInvitationByToken(this.db, hashInvitationToken(token));
    if (!invitation || !isOpen(invitation, now)) throw invitationExpired();
    return {
      organizationName: invitation.organizationName,
      email: invitation.email,
      role: invitation.role,
      hasAccount: await isEmailRegistered(this.db, invitation.email),
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Accepts an invitation: as `signedIn` (whose email must be the invitation's), or as a new
   * person whose account (name, password) is created here. The invitation row is locked first
   * and its state read again under the lock, so of two accepts at once exactly one joins; the
   * other finds it accepted (410).
   */
  async accept(token: string, input: { name?: string; password?: string }, signedIn: Caller | undefined, origin: Caller['origin'], now = new Date()): Promise<Organization> {
    let userId: string | undefined;
    try {
      return await changing(this.memberships, () => userId, this.db.transaction(async (tx) => {
        const invitation = await repo.findInvitationByToken(tx, hashInvitationToken(token), true);
        if (!invitation || !isOpen(invitation, now)) throw invitationExpired();
        if (signedIn) {
          if (signedIn.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase()) {
            throw new DomainError(ERROR_CODE.forbidden, fill(ORG_MSG.invitationEmailMismatch, { email: invitation.email }));
          }
          userId = signedIn.userId;
        } else {
          if (await isEmailRegistered(tx, invitation.email)) throw conflict(ORG_MSG.invitationNeedsAccount);
          const missing = [...(input.name ? [] : ['name']), ...(input.password ? [] : ['password'])];
          if (missing.length) throw invalid(ORG_MSG.invitationNeedsProfile, missing.map((path) => ({ message: ORG_MSG.invitationNeedsProfile, path })));
          userId = await createUser(tx, { email: invitation.email, name: input.name!, password: input.password!, roles: ['eventOrganizer'], personalOrganization: false });
        }
        await insertMembership(tx, { organizationId: invitation.organizationId, userId, role: invitation.role }, now);
        await repo.updateInvitation(tx, invitation.id, { acceptedAt: now });
        const actor: Actor = { userId, origin: signedIn?.origin ?? origin };
        await recordAudit(tx, actor, {
          action: 'invitation.accepted', organizationId: invitation.organizationId, targetType: 'invitation', targetId: invitation.id, summary: invitation.email, detail: { role: invitation.role },
        }, now);
        // An existing member keeps the role they had (the insert above did nothing).
        const member = await findMember(tx, invitation.organizationId, userId);
        return { id: invitation.organizationId, name: invitation.organizationName, role: member?.role ?? invitation.role };
      }));
    } catch (e) {
      // An account for this email registered meanwhile.
      if (isUniqueViolation(e)) throw conflict(ORG_MSG.invitationNeedsAccount);
      throw e;
    }
  }

  /** Sent in the transaction: a refused mail (502) rolls the invitation back. */
  private async sendInvitation(mail: ReturnType<typeof invitationMail>) {
    await this.mailer.send(mail).catch(() => { throw new DomainError(ERROR_CODE.invitationMailFailed, ORG_MSG.invitationMailFailed); });
  }
}
