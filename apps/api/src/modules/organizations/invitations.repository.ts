import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrgRole } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { auditLog, invitations, organizations, users } from '../../db/schema/index.js';

const inviter = alias(users, 'inviter');
const invitationColumns = {
  id: invitations.id, organizationId: invitations.organizationId, email: invitations.email, role: invitations.role, createdAt: invitations.createdAt,
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

/**
 * The invitation mails (`member.invited` audit entries: new and resent) the organization sent
 * since `since`, and the oldest of them; read on `audit_log_org_created_idx`.
 */
export async function invitationMailsSince(db: DbOrTx, organizationId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLog.createdAt})` }).from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), gt(auditLog.createdAt, since), eq(auditLog.action, 'member.invited')));
  return { count: row.count, oldest: row.oldest ? new Date(row.oldest) : null };
}

/** How often the invitation was resent (its audit entries since it was created, the first one apart). */
export async function resendsOf(db: DbOrTx, organizationId: string, invitationId: string, createdAt: Date): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
    .where(and(
      eq(auditLog.organizationId, organizationId), gte(auditLog.createdAt, createdAt), eq(auditLog.action, 'member.invited'),
      eq(auditLog.targetType, 'invitation'), eq(auditLog.targetId, invitationId),
    ));
  return Math.max(0, row.count - 1);
}
