import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CertStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { certificateRecipients, certificates, events } from '../../db/schema/index.js';
import { certificatesOwnedBy, type OwnerScope } from '../../lib/access.repository.js';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateWithEvent = CertificateRow & { eventName: string | null };

const columns = { c: certificates, eventName: events.name };

/** One certificate with its event's name (who may read it: the access gate). */
export async function findCertificate(db: DbOrTx, id: string): Promise<CertificateWithEvent | undefined> {
  const [row] = await db.select(columns).from(certificates).leftJoin(events, eq(events.id, certificates.eventId)).where(eq(certificates.id, id));
  return row && { ...row.c, eventName: row.eventName };
}

export async function insertCertificate(db: DbOrTx, values: typeof certificates.$inferInsert) {
  const [row] = await db.insert(certificates).values(values).returning({ id: certificates.id });
  return row.id;
}

export async function updateCertificate(db: DbOrTx, id: string, set: Partial<typeof certificates.$inferInsert>) {
  await db.update(certificates).set(set).where(eq(certificates.id, id));
}

export async function certificatePage(db: DbOrTx, q: {
  scope: OwnerScope; status?: CertStatus; page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'createdAt' | 'updatedAt';
}) {
  const where = and(certificatesOwnedBy(q.scope), q.status ? eq(certificates.status, q.status) : undefined);
  const order = q.sortBy === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(certificates).leftJoin(events, eq(events.id, certificates.eventId))
    .where(where)
    .orderBy(order(q.sortParam === 'updatedAt' ? certificates.updatedAt : certificates.createdAt), order(certificates.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const count = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(certificates).where(where))[0].n;
  return { rows: rows.map((r) => ({ ...r.c, eventName: r.eventName, total: r.total })), count };
}

/** The verification facts of one issued certificate, by its serial. */
export async function findIssued(db: DbOrTx, serial: string) {
  const [row] = await db
    .select({
      serial: certificateRecipients.serial, name: certificateRecipients.name, mailedAt: certificateRecipients.mailedAt, verifyToken: certificateRecipients.verifyToken,
      renderedAt: certificateRecipients.renderedAt, eventName: events.name, eventDate: events.lastEventAt, publishedAt: certificates.publishedAt,
    })
    .from(certificateRecipients)
    .innerJoin(certificates, eq(certificates.id, certificateRecipients.certificateId))
    .leftJoin(events, eq(events.id, certificates.eventId))
    .where(eq(certificateRecipients.serial, serial));
  return row;
}
