import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedQuery } from '../db/prepared-sql.js';
import type { DbOrTx } from '../db/client.js';
import { certificates, events, memberships, organizations, uploads } from '../db/schema/index.js';

/**
 * The SQL of access checks (lib/access.ts decides who may do what). Records belong to an
 * organization; `organizationId` undefined means every record (a globalAdmin's reach).
 */
export interface OwnerScope { organizationId?: string }
/** A scope whose organization is a prepared statement's parameter. */
type Scope = OwnerScope | { organizationId?: Placeholder };

/** Events of the scope, deleted ones included (their money was still taken). */
export const eventsOwnedBy = (scope: Scope): SQL | undefined =>
  (scope.organizationId ? eq(events.organizationId, scope.organizationId) : undefined);

/** Live (not deleted) events of the scope. */
export const liveEventsOf = (scope: Scope): SQL | undefined => and(isNull(events.deletedAt), eventsOwnedBy(scope));

/** Published (not a draft), approved, not deleted: the only events the public side knows (pages, tickets, twibbons, attendance). */
export const publishedEvents: SQL = and(eq(events.isDraft, false), eq(events.approvedStatus, 'approved'), isNull(events.deletedAt))!;

export const certificatesOwnedBy = (scope: OwnerScope): SQL | undefined =>
  (scope.organizationId ? eq(certificates.organizationId, scope.organizationId) : undefined);

/**
 * A live event of the scope, or undefined. `lock` takes FOR NO KEY UPDATE: writers of the event
 * wait for each other, while a registration (whose inserts take FOR KEY SHARE on the event
 * through their foreign keys, after it holds the ticket row) does not wait for it; FOR UPDATE
 * would, and an edit waiting for that ticket deadlocks.
 */
export async function findEvent(db: DbOrTx, scope: OwnerScope, id: string, lock = false) {
  if (lock) return (await db.select().from(events).where(and(eq(events.id, id), liveEventsOf(scope))).for('no key update'))[0];
  const rows = scope.organizationId ? await liveEventOfOrganization(db, { id, organizationId: scope.organizationId }) : await liveEvent(db, { id });
  return rows[0];
}

// The gate's read on most event routes, built once (see preparedQuery).
const liveEvent = preparedQuery('access_live_event', (db) =>
  db.select().from(events).where(and(eq(events.id, sql.placeholder('id')), liveEventsOf({}))));
const liveEventOfOrganization = preparedQuery('access_live_event_of_organization', (db) =>
  db.select().from(events).where(and(eq(events.id, sql.placeholder('id')), liveEventsOf({ organizationId: sql.placeholder('organizationId') }))));

/** A certificate of the scope; `lock` (FOR UPDATE) makes a concurrent second publish wait. */
export async function findCertificate(db: DbOrTx, scope: OwnerScope, id: string, lock = false) {
  const query = db.select().from(certificates).where(and(eq(certificates.id, id), certificatesOwnedBy(scope)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** An upload of the scope's organization by id, or by its public path (`2026/11/<uuid>.png`), of one docType. */
export async function findUpload(db: DbOrTx, scope: OwnerScope, by: { id: string } | { path: string }, docType: string) {
  const [row] = await db.select().from(uploads).where(and(
    'id' in by ? eq(uploads.id, by.id) : eq(uploads.path, by.path),
    scope.organizationId ? eq(uploads.organizationId, scope.organizationId) : undefined,
    eq(uploads.docType, docType),
  ));
  return row;
}

/** The caller's membership in `organizationId`, or (none named) their oldest one. */
export async function findMembership(db: DbOrTx, userId: string, organizationId: string | undefined) {
  const [row] = await db.select({ organizationId: memberships.organizationId, role: memberships.role }).from(memberships)
    .where(and(eq(memberships.userId, userId), organizationId ? eq(memberships.organizationId, organizationId) : undefined))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId))
    .limit(1);
  return row;
}

/**
 * The user's organizations and role in each, oldest membership first (the gate's default first):
 * the profile and the organization switcher, on every dashboard load. Built once and planned once
 * for all users (see preparedQuery, PlanMode).
 */
export function organizationsOf(db: DbOrTx, userId: string) {
  return organizationsOfUser(db, { userId });
}

const organizationsOfUser = preparedQuery('access_organizations_of_user', (db) => db
  .select({ id: organizations.id, name: organizations.name, role: memberships.role })
  .from(memberships)
  .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
  .where(eq(memberships.userId, sql.placeholder('userId')))
  .orderBy(asc(memberships.createdAt), asc(memberships.organizationId)), 'generic');
