import {
  fill, mayManageRole, ORG_MSG, roleAllows, type AuditAction, type AuditEntry, type Invitation, type Member, type Organization, type OrgRole, type Paged,
} from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { forbiddenRole } from '../../lib/access.js';
import { organizationsOf } from '../../lib/access.repository.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { MembershipCache } from '../../lib/membership-cache.js';
import { paged, pageTotal } from '../../lib/paging.js';
import { isEmailRegistered } from '../auth/auth.service.js';
import { createUser } from '../users/users.service.js';
import { hashInvitationToken, invitationExpiry, invitationMail, newInvitationToken } from './invitation-mail.js';
import * as repo from './organizations.repository.js';

/** Who acts, for the audit log: a signed-in caller, or the person accepting an invitation. */
type Actor = Pick<Caller, 'userId' | 'origin'>;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

const memberOut = (m: repo.MemberRow): Member => ({ userId: m.userId, email: m.email, name: m.name, role: m.role, joinedAt: m.joinedAt.toISOString() });
const invitationOut = (i: Pick<repo.InvitationRow, 'id' | 'email' | 'role' | 'expiresAt' | 'invitedBy'>): Invitation => ({
  id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString(), invitedBy: i.invitedBy ?? null,
});

const invitationExpired = () => new DomainError(ERROR_CODE.invitationExpired, ORG_MSG.invitationExpired);
const lastOwner = () => conflict(ORG_MSG.lastOwner, ERROR_CODE.lastOwner);
const isOpen = (i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) =>
  !i.acceptedAt && !i.revokedAt && i.expiresAt.getTime() > now.getTime();

/**
 * May `role` (the actor's, read in the transaction) manage a member or invitation of `target`
 * (and, when given, make it `to`)? Members and invitations are an owner's and admin's (403
 * FORBIDDEN_ROLE otherwise); an admin never touches an owner nor makes one.
 */
function requireManage(role: OrgRole | undefined, target: OrgRole, to?: OrgRole): void {
  if (!roleAllows(role, 'members')) throw forbiddenRole();
  if (!mayManageRole(role, target) || (to !== undefined && !mayManageRole(role, to))) {
    throw new DomainError(ERROR_CODE.forbiddenRole, ORG_MSG.adminCannotManageOwner);
  }
}

/** The organization the gate entered (`:id`); the gate sets it on every route of this module that names one. */
function organizationOf(caller: Caller): string {
  if (!caller.organizationId) throw notFound();
  return caller.organizationId;
}

/**
 * Organizations, their members and invitations, and the audit log (API.md, "Organizations and
 * accounts"). The access gate has already entered `:id` (404 for a non-member) and checked the
 * route's row of the permission table; the rules here are the finer ones (admin versus owner,
 * the last owner), checked again with the roles as they stand inside the transaction.
 */
export class OrganizationsService {
  /**
   * `memberships`: the gate's cache in this process, told as each change commits (other
   * processes hear of it through the database's notification).
   */
  constructor(
    private readonly db: Db, private readonly mailer: Mailer, private readonly publicUrl: string,
    private readonly memberships: Pick<MembershipCache, 'forgetUser'> = { forgetUser: () => undefined },
  ) {}

  /** `work`'s transaction changed `userId`'s memberships: the gate forgets what it knew once it committed. */
  private async changing<T>(userId: () => string | undefined, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      const id = userId();
      if (id) this.memberships.forgetUser(id);
    }
  }

  /**
   * The organization entered, 404 when there is none. A member's (a role) exists: their membership
   * references it and organizations are never deleted, so only a globalAdmin who named one without
   * being its member costs a read.
   */
  private async existing(caller: Caller): Promise<string> {
    const organizationId = organizationOf(caller);
    if (!caller.role && !(await repo.findOrganization(this.db, organizationId))) throw notFound();
    return organizationId;
  }

  /** `GET /v1/organizations`: the caller's memberships, oldest first. */
  async list(caller: Caller): Promise<Organization[]> {
    return organizationsOf(this.db, caller.userId);
  }

  async members(caller: Caller, now = new Date()): Promise<{ docs: Member[]; invitations: Invitation[] }> {
    const organizationId = await this.existing(caller);
    const [members, invitations] = await Promise.all([repo.membersOf(this.db, organizationId), repo.openInvitationsOf(this.db, organizationId, now)]);
    return { docs: members.map(memberOut), invitations: invitations.map(invitationOut) };
  }

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
        const organization = await repo.findOrganization(tx, organizationId, true);
        if (!organization) throw notFound();
        const role = await this.roleNow(tx, caller, organizationId);
        requireManage(role, input.role);
        if (await repo.findMemberByEmail(tx, organizationId, email)) throw conflict(ORG_MSG.alreadyMember);
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

  /** A new link and a new validity; the old link stops working. */
  async resendInvitation(caller: Caller, invitationId: string, now = new Date()): Promise<Invitation> {
    const organizationId = organizationOf(caller);
    return this.db.transaction(async (tx) => {
      const organization = await repo.findOrganization(tx, organizationId);
      const invitation = organization ? await repo.findInvitation(tx, organizationId, invitationId, true) : undefined;
      if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw notFound();
      requireManage(await this.roleNow(tx, caller, organizationId), invitation.role);
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
      requireManage(await this.roleNow(tx, caller, organizationId), invitation.role);
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
      return await this.changing(() => userId, this.db.transaction(async (tx) => {
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
        await repo.insertMembership(tx, { organizationId: invitation.organizationId, userId, role: invitation.role }, now);
        await repo.updateInvitation(tx, invitation.id, { acceptedAt: now });
        const actor: Actor = { userId, origin: signedIn?.origin ?? origin };
        await recordAudit(tx, actor, {
          action: 'invitation.accepted', organizationId: invitation.organizationId, targetType: 'invitation', targetId: invitation.id, summary: invitation.email, detail: { role: invitation.role },
        }, now);
        // An existing member keeps the role they had (the insert above did nothing).
        const member = await repo.findMember(tx, invitation.organizationId, userId);
        return { id: invitation.organizationId, name: invitation.organizationName, role: member?.role ?? invitation.role };
      }));
    } catch (e) {
      // An account for this email registered meanwhile.
      if (isUniqueViolation(e)) throw conflict(ORG_MSG.invitationNeedsAccount);
      throw e;
    }
  }

  /**
   * Changes a member's role. Every owner row is locked first (user id order), so two owners
   * demoting each other at once take turns and the second finds the last owner (409).
   */
  async changeRole(caller: Caller, userId: string, to: OrgRole, now = new Date()): Promise<Member> {
    const organizationId = organizationOf(caller);
    return this.changing(() => userId, this.db.transaction(async (tx) => {
      const owners = await repo.lockOwners(tx, organizationId);
      const target = await repo.findMember(tx, organizationId, userId, true);
      if (!target) throw notFound();
      requireManage(await this.roleNow(tx, caller, organizationId), target.role, to);
      if (target.role === to) return memberOut(target);
      if (target.role === 'owner' && owners.length <= 1) throw lastOwner();
      await repo.updateMemberRole(tx, organizationId, userId, to);
      await recordAudit(tx, caller, {
        action: 'member.role_changed', organizationId, targetType: 'member', targetId: userId, summary: target.email, detail: { from: target.role, to },
      }, now);
      return memberOut({ ...target, role: to });
    }));
  }

  async removeMember(caller: Caller, userId: string, now = new Date()): Promise<Member> {
    const organizationId = organizationOf(caller);
    return this.removal(organizationId, userId, 'member.removed', async (tx, target) => {
      requireManage(await this.roleNow(tx, caller, organizationId), target.role);
    }, caller, now);
  }

  /** The caller leaves the organization; the last owner cannot. */
  async leave(caller: Caller, now = new Date()): Promise<Member> {
    return this.removal(organizationOf(caller), caller.userId, 'member.left', async () => {}, caller, now);
  }

  async audit(caller: Caller, q: {
    page: number; limit: number; sortBy: 'asc' | 'desc'; filters: { userId?: string; action?: AuditAction };
  }): Promise<Paged<AuditEntry>> {
    const organizationId = await this.existing(caller);
    const { rows, count } = await repo.auditPage(this.db, { organizationId, ...q.filters, page: q.page, limit: q.limit, sortBy: q.sortBy });
    const docs = rows.map((r): AuditEntry => ({
      id: r.id,
      action: r.action as AuditAction,
      actor: r.actorId ? { userId: r.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '' } : null,
      targetType: r.targetType, targetId: r.targetId, summary: r.summary, ip: r.ip, userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    }));
    return paged(docs, q, await pageTotal(rows, q.page, count));
  }

  /** Removes `userId` after `check`, under the owner locks; never the last owner. */
  private async removal(
    organizationId: string, userId: string, action: 'member.removed' | 'member.left',
    check: (tx: DbOrTx, target: repo.MemberRow) => Promise<void>, caller: Caller, now: Date,
  ): Promise<Member> {
    return this.changing(() => userId, this.db.transaction(async (tx) => {
      const owners = await repo.lockOwners(tx, organizationId);
      const target = await repo.findMember(tx, organizationId, userId, true);
      if (!target) throw notFound();
      await check(tx, target);
      if (target.role === 'owner' && owners.length <= 1) throw lastOwner();
      await repo.deleteMembership(tx, organizationId, userId);
      await recordAudit(tx, caller, { action, organizationId, targetType: 'member', targetId: userId, summary: target.email, detail: { role: target.role } }, now);
      return memberOut(target);
    }));
  }

  /**
   * The caller's role as it stands in the transaction (after the locks taken), not as the gate
   * read it: a rival change committed meanwhile counts. A globalAdmin who is not a member has none.
   */
  /** Sent in the transaction: a refused mail (502) rolls the invitation back. */
  private async sendInvitation(mail: ReturnType<typeof invitationMail>) {
    await this.mailer.send(mail).catch(() => { throw new DomainError(ERROR_CODE.invitationMailFailed, ORG_MSG.invitationMailFailed); });
  }

  private async roleNow(tx: DbOrTx, caller: Caller, organizationId: string): Promise<OrgRole | undefined> {
    return (await repo.findMember(tx, organizationId, caller.userId))?.role;
  }
}
