import { ORG_MSG, type Invitation, type Member, type Organization, type OrgRole } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { organizationOf } from '../../lib/access.js';
import { organizationsOf } from '../../lib/access.repository.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, ERROR_CODE, notFound } from '../../lib/errors.js';
import { openInvitationsOf } from './invitations.repository.js';
import { changing, existingOrganization, requireManage, roleNow, type MembershipsForgetter } from './member-access.js';
import { invitationOut, memberOut } from './member-views.js';
import * as repo from './members.repository.js';

const lastOwner = () => conflict(ORG_MSG.lastOwner, ERROR_CODE.lastOwner);

/**
 * An organization's members (API.md, "Organizations and accounts"): who they are, their roles,
 * removing one, leaving. Never the last owner: every owner row is locked first (user id order),
 * so two owners demoting or removing each other at once take turns and the second finds the
 * last owner (409).
 */
export class MembersService {
  constructor(private readonly db: Db, private readonly memberships: MembershipsForgetter) {}

  /** `GET /v1/organizations`: the caller's memberships, oldest first. */
  async list(caller: Caller): Promise<Organization[]> {
    return organizationsOf(this.db, caller.userId);
  }

  async members(caller: Caller, now = new Date()): Promise<{ docs: Member[]; invitations: Invitation[] }> {
    const organizationId = await existingOrganization(this.db, caller);
    const [members, invitations] = await Promise.all([repo.membersOf(this.db, organizationId), openInvitationsOf(this.db, organizationId, now)]);
    return { docs: members.map(memberOut), invitations: invitations.map(invitationOut) };
  }

  /** Changes a member's role, under the owner locks. */
  async changeRole(caller: Caller, userId: string, to: OrgRole, now = new Date()): Promise<Member> {
    const organizationId = organizationOf(caller);
    return changing(this.memberships, () => userId, this.db.transaction(async (tx) => {
      const owners = await repo.lockOwners(tx, organizationId);
      const target = await repo.findMember(tx, organizationId, userId, true);
      if (!target) throw notFound();
      requireManage(await roleNow(tx, caller, organizationId), target.role, to);
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
      requireManage(await roleNow(tx, caller, organizationId), target.role);
    }, caller, now);
  }

  /** The caller leaves the organization; the last owner cannot. */
  async leave(caller: Caller, now = new Date()): Promise<Member> {
    return this.removal(organizationOf(caller), caller.userId, 'member.left', async () => {}, caller, now);
  }

  /** Removes `userId` after `check`, under the owner locks; never the last owner. */
  private async removal(
    organizationId: string, userId: string, action: 'member.removed' | 'member.left',
    check: (tx: DbOrTx, target: repo.MemberRow) => Promise<void>, caller: Caller, now: Date,
  ): Promise<Member> {
    return changing(this.memberships, () => userId, this.db.transaction(async (tx) => {
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
}
