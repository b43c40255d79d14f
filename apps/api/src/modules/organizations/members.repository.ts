import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgRole } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { memberships, organizations, users } from '../../db/schema/index.js';

/**
 * The organization, or undefined. `lock` takes FOR NO KEY UPDATE: invitations of one
 * organization wait for each other (the open-invitation index is never raced), while
 * memberships, whose foreign keys take FOR KEY SHARE, do not wait for it.
 */
export async function findOrganization(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

const memberColumns = {
  userId: memberships.userId, email: users.email, name: users.name, role: memberships.role, joinedAt: memberships.createdAt,
};

export function membersOf(db: DbOrTx, organizationId: string) {
  return membersOfOrganization(db, { organizationId });
}

// The members page's reads: built once (see preparedQuery).
// Planned once for all organizations (see PlanMode), as is the next.
const membersOfOrganization = preparedQuery('organizations_members_of', (db) => db
  .select(memberColumns).from(memberships)
  .innerJoin(users, eq(users.id, memberships.userId))
  .where(eq(memberships.organizationId, sql.placeholder('organizationId')))
  .orderBy(asc(memberships.createdAt), asc(memberships.userId)), 'generic');
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** One member with their account; `lock` takes their membership row FOR UPDATE. */
export async function findMember(db: DbOrTx, organizationId: string, userId: string, lock = false) {
  const query = db.select(memberColumns).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  const [row] = lock ? await query.for('update', { of: memberships }) : await query;
  return row;
}

export async function findMemberByEmail(db: DbOrTx, organizationId: string, email: string) {
  const [row] = await db.select({ userId: memberships.userId }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), sql`lower(${users.email}) = lower(${email})`));
  return row;
}

/**
 * Locks every owner membership of the organization (FOR UPDATE, in user id order so that two
 * transactions never take them crosswise) and returns their user ids. A concurrent demotion or
 * removal waits here, then counts the owners its rival left.
 */
export async function lockOwners(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db.select({ userId: memberships.userId }).from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.userId))
    .for('update');
  return rows.map((r) => r.userId);
}

export async function insertMembership(db: DbOrTx, values: { organizationId: string; userId: string; role: OrgRole }, at: Date) {
  await db.insert(memberships).values({ ...values, createdAt: at }).onConflictDoNothing();
}

export async function updateMemberRole(db: DbOrTx, organizationId: string, userId: string, role: OrgRole) {
  await db.update(memberships).set({ role }).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: DbOrTx, organizationId: string, userId: string) {
  await db.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}
