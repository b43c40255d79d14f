import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { certificateRecipients, certificates, events, users } from '../../../db/schema/index.js';
import { emitWebhooks } from '../../../lib/webhook-outbox.repository.js';

export type RecipientRow = typeof certificateRecipients.$inferSelect;
export interface PublishProgress { done: number; total: number; failed: number }

/**
 * The batch with its event's name and state and who sends it (the creator, and the event's
 * organizer block); `lock` holds the row until the transaction ends.
 */
export async function findForPublish(db: DbOrTx, id: string, lock = false) {
  const query = db.select({
    c: certificates, eventName: events.name, eventIsDraft: events.isDraft, eventApproval: events.approvedStatus, eoName: events.eoName,
    creatorName: users.name, creatorEmail: users.email,
  }).from(certificates)
    .leftJoin(events, eq(events.id, certificates.eventId))
    .innerJoin(users, eq(users.id, certificates.creatorId))
    .where(eq(certificates.id, id));
  const [row] = lock ? await query.for('update', { of: certificates }) : await query;
  return row && {
    ...row.c, eventName: row.eventName ?? '',
    eventLive: row.eventIsDraft === false && row.eventApproval === 'approved',
    sender: { name: row.eoName || row.creatorName, account: row.creatorName, email: row.creatorEmail },
  };
}

/**
 * Serializes one organization's publishes (transaction-scoped advisory lock), so that two
 * batches starting together cannot both fit under the daily limit.
 */
export async function lockOrganizationQuota(db: DbOrTx, organizationId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cert-quota:${organizationId}`}))`);
}

/** Recipients of this organization's batches created since `since` (the rolling daily limit). */
export async function recipientsSince(db: DbOrTx, organizationId: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(certificateRecipients)
    .innerJoin(certificates, eq(certificates.id, certificateRecipients.certificateId))
    .where(and(eq(certificates.organizationId, organizationId), gt(certificateRecipients.createdAt, since)));
  return row?.n ?? 0;
}
export type PublishCertificate = NonNullable<Awaited<ReturnType<typeof findForPublish>>>;

export async function hasRecipients(db: DbOrTx, certificateId: string): Promise<boolean> {
  const [row] = await db.select({ id: certificateRecipients.id }).from(certificateRecipients)
    .where(eq(certificateRecipients.certificateId, certificateId)).limit(1);
  return Boolean(row);
}

/** The first of these serials another batch already holds (serials are unique across batches). */
export async function takenSerial(db: DbOrTx, serials: string[]): Promise<string | undefined> {
  for (let i = 0; i < serials.length; i += 1000) {
    const [row] = await db.select({ serial: certificateRecipients.serial }).from(certificateRecipients)
      .where(inArray(certificateRecipients.serial, serials.slice(i, i + 1000))).orderBy(asc(certificateRecipients.serial)).limit(1);
    if (row) return row.serial;
  }
  return undefined;
}

/** Many rows per statement, well under the 65,535 bind parameters of one query. */
export async function insertRecipients(db: DbOrTx, rows: (typeof certificateRecipients.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db.insert(certificateRecipients).values(rows.slice(i, i + 1000)).returning({ id: certificateRecipients.id });
    await emitCertificatesIssued(db, done.map((r) => r.id));
  }
}

/** `certificate.issued` for recipients just written, in the same transaction (lib/webhook-outbox.repository.ts). */
export async function emitCertificatesIssued(db: DbOrTx, recipientIds: string[]) {
  if (recipientIds.length === 0) return;
  await emitWebhooks(db, 'certificate.issued', sql`
    select c.organization_id, jsonb_build_object(
      'certificateId', c.id, 'recipientId', cr.id, 'serial', cr.serial, 'name', cr.name, 'email', cr.email,
      'registrationId', cr.registrant_id, 'eventId', c.event_id) as data
    from ${certificateRecipients} cr join ${certificates} c on c.id = cr.certificate_id
    where cr.id = any(string_to_array(${recipientIds.join(',')}::text, ',')::uuid[])`);
}

export async function setCertificate(db: DbOrTx, id: string, set: Partial<typeof certificates.$inferInsert>) {
  await db.update(certificates).set(set).where(eq(certificates.id, id));
}

/** Recipients still to mail, in CSV order. */
export function pendingRecipients(db: DbOrTx, certificateId: string): Promise<RecipientRow[]> {
  return db.select().from(certificateRecipients)
    .where(and(eq(certificateRecipients.certificateId, certificateId), isNull(certificateRecipients.mailedAt)))
    .orderBy(asc(certificateRecipients.position));
}

/** Render and mail recorded in one write: a crash before it adopts the files and the outbox dedupes the mail. */
export async function markRecipient(db: DbOrTx, id: string, set: Pick<RecipientRow, 'renderedAt' | 'pngPath' | 'pdfPath' | 'error'> & { mailedAt?: Date }) {
  await db.update(certificateRecipients).set(set).where(eq(certificateRecipients.id, id));
}

/** `published` once every recipient is mailed (or, with `evenIfPending`, when the job gives up on the rest). */
export async function markPublished(db: DbOrTx, id: string, evenIfPending: boolean): Promise<boolean> {
  const pending = sql`exists (select 1 from ${certificateRecipients} where ${certificateRecipients.certificateId} = ${id} and ${certificateRecipients.mailedAt} is null)`;
  const rows = await db.update(certificates)
    .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(certificates.id, id), eq(certificates.status, 'publishing'), evenIfPending ? undefined : sql`not ${pending}`))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** One recipient by serial, with its batch's owner (for access checks before serving files). */
export async function findRecipientBySerial(db: DbOrTx, serial: string) {
  const [row] = await db.select({ r: certificateRecipients, organizationId: certificates.organizationId }).from(certificateRecipients)
    .innerJoin(certificates, eq(certificates.id, certificateRecipients.certificateId))
    .where(eq(certificateRecipients.serial, serial));
  return row && { ...row.r, organizationId: row.organizationId };
}
