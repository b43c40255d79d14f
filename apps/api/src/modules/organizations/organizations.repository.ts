import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, OrgRole } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery, preparedShapes } from '../../db/prepared-sql.js';
import { auditLog, invitations, memberships, organizations, users } from '../../db/schema/index.js';

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

const inviter = alias(users, 'inviter');
const invitationColumns = {
  id: invitations.id, organizationId: invitations.organizationId, email: invitations.email, role: invitations.role,
  expiresAt: invitations.expiresAt, acceptedAt: invitations.acceptedAt, revokedAt: invitations.revokedAt, invitedBy: inviter.name,
};

/** Invitations neither accepted, revoked nor expired, with the inviter's name (null once their account is gone). */
export function openInvitationsOf(db: DbOrTx, organizationId: string, now: Date) {
  return openInvitationsOfOrganization(db, { organizationId, now: now.toISOString() });
}

const openInvitationsOfOrganization = preparedQuery('organizations_open_invitations_of', (db) => db
  .select(invitationColumns).from(invitations)
  .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
  .where(and(
    eq(invitations.organizationId, sql.placeholder('organizationId')), isNull(invitations.acceptedAt), isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql.placeholder('now')),
  ))
  .orderBy(asc(invitations.createdAt), asc(invitations.id)), 'generic');
export type InvitationRow = Awaited<ReturnType<typeof openInvitationsOf>>[number];

/** An invitation of the organization (any state), its row locked FOR UPDATE when asked. */
export async function findInvitation(db: DbOrTx, organizationId: string, id: string, lock = false) {
  const query = db.select(invitationColumns).from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}

/** The invitation a link's token hash names, with its organization; FOR UPDATE on the invitation when asked. */
export async function findInvitationByToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db.select({ ...invitationColumns, organizationName: organizations.name }).from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}

/** The open (not accepted, not revoked) invitation for an email, expired or not: the one the unique index allows. */
export async function findOpenInvitationByEmail(db: DbOrTx, organizationId: string, email: string) {
  const [row] = await db.select({ id: invitations.id, role: invitations.role, expiresAt: invitations.expiresAt }).from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), sql`lower(${invitations.email}) = lower(${email})`, isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .for('update');
  return row;
}

export async function insertInvitation(db: DbOrTx, values: {
  organizationId: string; email: string; role: OrgRole; tokenHash: string; invitedBy: string; expiresAt: Date; createdAt: Date;
}): Promise<string> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return row.id;
}

export async function updateInvitation(db: DbOrTx, id: string, set: Partial<Pick<typeof invitations.$inferInsert, 'tokenHash' | 'expiresAt' | 'acceptedAt' | 'revokedAt'>>) {
  await db.update(invitations).set(set).where(eq(invitations.id, id));
}

const actor = alias(users, 'actor');

/** One page of the organization's audit log, actor joined (null when none), ip as text. */
export async function auditPage(db: DbOrTx, q: {
  organizationId: string; userId?: string; action?: AuditAction; page: number; limit: number; sortBy: 'asc' | 'desc';
}) {
  const filters = `${q.userId ? 'actor' : ''}${q.action ? 'action' : ''}` || 'all';
  const values = { organizationId: q.organizationId, userId: q.userId, action: q.action, limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await auditLogPage(db, `${filters}_${q.sortBy}`, values);
  const count = async () => (await auditLogCount(db, filters, values))[0].n;
  return { rows, count };
}

/** The conditions of an audit page's filters, their values as placeholders. */
const auditWhere = (filters: string) => and(
  eq(auditLog.organizationId, sql.placeholder('organizationId')),
  filters.includes('actor') ? eq(auditLog.actorId, sql.placeholder('userId')) : undefined,
  filters.includes('action') ? eq(auditLog.action, sql.placeholder('action')) : undefined,
);

// The audit log's page: one statement per filter combination and order, each built once (see preparedShapes).
// The unfiltered log planned once for all organizations (see PlanMode); an actor's or action's share varies: per call.
const auditLogPage = preparedShapes('organizations_audit_page', (db, shape) => {
  const [filters, sortBy] = shape.split('_');
  const order = sortBy === 'asc' ? asc : desc;
  return db
    .select({
      id: auditLog.id, action: auditLog.action, actorId: actor.id, actorName: actor.name, actorEmail: actor.email,
      targetType: auditLog.targetType, targetId: auditLog.targetId, summary: auditLog.summary,
      ip: sql<string | null>`host(${auditLog.ip})`, userAgent: auditLog.userAgent, createdAt: auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(auditWhere(filters))
    .orderBy(order(auditLog.createdAt), order(auditLog.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}, (shape) => (shape.startsWith('all_') ? 'generic' : 'custom'));
const auditLogCount = preparedShapes('organizations_audit_count', (db, filters) =>
  db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(auditWhere(filters)));
