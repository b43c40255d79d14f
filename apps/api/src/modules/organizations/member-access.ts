import { mayManageRole, ORG_MSG, roleAllows, type OrgRole } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { forbiddenRole, organizationOf } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, notFound } from '../../lib/errors.js';
import type { MembershipCache } from '../../lib/membership-cache.js';
import { findMember, findOrganization } from './members.repository.js';

// What the organization services share. The access gate has already entered `:id` (404 for a
// non-member) and checked the route's row of the permission table; the rules here are the finer
// ones (admin versus owner), checked with the roles as they stand inside the transaction.

/** The gate's cache in this process, told as each change commits (other processes hear of it through the database's notification). */
export type MembershipsForgetter = Pick<MembershipCache, 'forgetUser'>;

/**
 * May `role` (the actor's, read in the transaction) manage a member or invitation of `target`
 * (and, when given, make it `to`)? Members and invitations are an owner's and admin's (403
 * FORBIDDEN_ROLE otherwise); an admin never touches an owner nor makes one.
 */
export function requireManage(role: OrgRole | undefined, target: OrgRole, to?: OrgRole): void {
  if (!roleAllows(role, 'members')) throw forbiddenRole();
  if (!mayManageRole(role, target) || (to !== undefined && !mayManageRole(role, to))) {
    throw new DomainError(ERROR_CODE.forbiddenRole, ORG_MSG.adminCannotManageOwner);
  }
}

/**
 * The organization entered, 404 when there is none. A member's (a role) exists: their membership
 * references it and organizations are never deleted, so only a globalAdmin who named one without
 * being its member costs a read.
 */
export async function existingOrganization(db: Db, caller: Caller): Promise<string> {
  const organizationId = organizationOf(caller);
  if (!caller.role && !(await findOrganization(db, organizationId))) throw notFound();
  return organizationId;
}

/**
 * The caller's role as it stands in the transaction (after the locks taken), not as the gate
 * read it: a rival change committed meanwhile counts. A globalAdmin who is not a member has none.
 */
export async function roleNow(tx: DbOrTx, caller: Caller, organizationId: string): Promise<OrgRole | undefined> {
  return (await findMember(tx, organizationId, caller.userId))?.role;
}

/** `work`'s transaction changed `userId`'s memberships: the gate forgets what it knew once it committed. */
export async function changing<T>(memberships: MembershipsForgetter, userId: () => string | undefined, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    const id = userId();
    if (id) memberships.forgetUser(id);
  }
}
