import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { confirmedRegistrant, registrants, trackingLinks } from '../../db/schema/index.js';

const linkColumns = { code: trackingLinks.code, name: trackingLinks.name, createdAt: trackingLinks.createdAt };

/** The event's links, oldest first (the order they were made in). */
export function listLinks(db: DbOrTx, eventId: string) {
  return db.select(linkColumns).from(trackingLinks).where(eq(trackingLinks.eventId, eventId)).orderBy(asc(trackingLinks.createdAt), asc(trackingLinks.code));
}

export async function linkCount(db: DbOrTx, eventId: string) {
  const [row] = await db.select({ n: count() }).from(trackingLinks).where(eq(trackingLinks.eventId, eventId));
  return row?.n ?? 0;
}

/** Inserts the link; undefined when the event already has one with this code (the key). */
export async function insertLink(db: DbOrTx, link: { eventId: string; code: string; name: string; createdBy: string }) {
  const [row] = await db.insert(trackingLinks).values(link).onConflictDoNothing().returning(linkColumns);
  return row;
}

/** Whether a link was removed. */
export async function deleteLink(db: DbOrTx, eventId: string, code: string) {
  const rows = await db.delete(trackingLinks).where(and(eq(trackingLinks.eventId, eventId), eq(trackingLinks.code, code))).returning({ code: trackingLinks.code });
  return rows.length > 0;
}

/** One visit more for the event's link with this code; nothing when it has none. */
export async function addVisit(db: DbOrTx, eventId: string, code: string) {
  await db.update(trackingLinks).set({ visits: sql`${trackingLinks.visits} + 1` })
    .where(and(eq(trackingLinks.eventId, eventId), eq(trackingLinks.code, code)));
}

/**
 * Each link with its visits, and the registrations through it that hold a seat now and how many
 * of them checked in: counted from the registrants' `ref` (index-only, registrants_event_ref_idx,
 * whose predicate the `status = 'confirmed'` written here matches).
 */
export function linkInsight(db: DbOrTx, eventId: string) {
  const perRef = db
    .select({
      ref: registrants.ref,
      registrations: sql<number>`count(*)::int`.as('registrations'),
      checkIns: sql<number>`count(${registrants.checkedInAt})::int`.as('check_ins'),
    })
    .from(registrants)
    .where(and(eq(registrants.eventId, eventId), confirmedRegistrant(), sql`${registrants.ref} is not null`))
    .groupBy(registrants.ref)
    .as('per_ref');
  return db
    .select({
      code: trackingLinks.code, name: trackingLinks.name, visits: trackingLinks.visits,
      registrations: sql<number>`coalesce(${perRef.registrations}, 0)`, checkIns: sql<number>`coalesce(${perRef.checkIns}, 0)`,
    })
    .from(trackingLinks)
    .leftJoin(perRef, eq(perRef.ref, trackingLinks.code))
    .where(eq(trackingLinks.eventId, eventId))
    .orderBy(asc(trackingLinks.createdAt), asc(trackingLinks.code));
}
