import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { preparedShapes } from '../../../db/prepared-sql.js';
import { certificateRecipients, confirmedRegistrant, events, registrants } from '../../../db/schema/index.js';
import type { OwnerScope } from '../../../lib/access.js';
import { emitCertificatesIssued } from './publish.repository.js';
import { contains } from '../../../lib/like.js';

/**
 * An event's attendees: its registrants checked in at the door or attended online (both set
 * `checked_in_at`), confirmed. Recipients of an attendees batch are read from these.
 */
const attendeeOf = (eventId: string | Placeholder) => and(eq(registrants.eventId, eventId), confirmedRegistrant(), isNotNull(registrants.checkedInAt));

/**
 * The attendee has a recipient row in this batch. Hand-qualified (CONTRIBUTING: a one-table
 * select writes drizzle's columns unqualified, so the inner table is aliased).
 */
const certifiedIn = (certificateId: string | Placeholder) =>
  sql`exists (select 1 from ${certificateRecipients} cr where cr.certificate_id = ${certificateId} and cr.registrant_id = ${registrants}.id)`;

/** How many attendees the event has, and how many of them already hold a certificate of `certificateId`. */
export async function attendeeCounts(db: DbOrTx, eventId: string, certificateId?: string): Promise<{ attendees: number; alreadyCertified: number }> {
  const [row] = await attendeesCounted(db, certificateId ? 'certificate' : 'event', { eventId, certificateId });
  return { attendees: row?.attendees ?? 0, alreadyCertified: row?.alreadyCertified ?? 0 };
}

// The certificate form asks on every change of event: built once per variant (see preparedShapes).
const attendeesCounted = preparedShapes('certificates_attendee_counts', (db, of: 'certificate' | 'event') => db.select({
  attendees: sql<number>`count(*)`.mapWith(Number),
  alreadyCertified: of === 'certificate' ? sql<number>`count(*) filter (where ${certifiedIn(sql.placeholder('certificateId'))})`.mapWith(Number) : sql<number>`0`.mapWith(Number),
}).from(registrants).where(attendeeOf(sql.placeholder('eventId'))));

/** Attendees without a certificate of this batch yet, in check-in order: who a publish adds. */
export function uncertifiedAttendees(db: DbOrTx, eventId: string, certificateId: string) {
  return db.select({ registrantId: registrants.id, name: registrants.name, email: registrants.email }).from(registrants)
    .where(and(attendeeOf(eventId), sql`not ${certifiedIn(certificateId)}`))
    .orderBy(asc(registrants.checkedInAt), asc(registrants.id));
}

/** The batch's highest position so far (0 when it has none): new recipients number on from it. */
export async function lastPosition(db: DbOrTx, certificateId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${certificateRecipients.position}), 0)`.mapWith(Number) })
    .from(certificateRecipients).where(eq(certificateRecipients.certificateId, certificateId));
  return row?.n ?? 0;
}

/**
 * Inserts attendee recipients; one already in the batch (a concurrent or repeated run) is
 * skipped by the unique index, never doubled. Returns how many were written.
 */
export async function insertAttendeeRecipients(db: DbOrTx, rows: (typeof certificateRecipients.$inferInsert)[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db.insert(certificateRecipients).values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: [certificateRecipients.certificateId, certificateRecipients.registrantId] })
      .returning({ id: certificateRecipients.id });
    await emitCertificatesIssued(db, done.map((r) => r.id));
    written += done.length;
  }
  return written;
}

/** All recipients of a batch (its total once the attendees added this time are in). */
export async function recipientCount(db: DbOrTx, certificateId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(certificateRecipients).where(eq(certificateRecipients.certificateId, certificateId));
  return row?.n ?? 0;
}

/**
 * The certificate form's event search: the scope's published, approved, not deleted events that
 * are over or already have attendees, by name (the trigram index), newest first, ten at most.
 */
export async function certifiableEvents(db: DbOrTx, scope: OwnerScope, name: string | undefined, now: Date) {
  const attendees = sql<number>`(select count(*) from ${registrants} r where r.event_id = ${events}.id and r.status = 'confirmed' and r.checked_in_at is not null)`.mapWith(Number);
  const hasAttendees = sql`exists (select 1 from ${registrants} r where r.event_id = ${events}.id and r.status = 'confirmed' and r.checked_in_at is not null)`;
  const term = name?.trim();
  return db.select({ id: events.id, name: sql<string>`coalesce(${events.name}, '')`, ended: sql<boolean>`${events.lastEventAt} < ${now.toISOString()}`, attendees })
    .from(events)
    .where(and(
      scope.organizationId ? eq(events.organizationId, scope.organizationId) : undefined,
      eq(events.isDraft, false), eq(events.approvedStatus, 'approved'), isNull(events.deletedAt),
      or(lt(events.lastEventAt, now), hasAttendees),
      term ? ilike(events.name, contains(term)) : undefined,
    ))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(10);
}
