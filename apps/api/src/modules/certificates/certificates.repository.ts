import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CertStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedShapes } from '../../db/prepared-sql.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { certificateRecipients, certificates, events } from '../../db/schema/index.js';
import type { OwnerScope } from '../../lib/access.repository.js';
import type { PublishProgress } from './publish/publish.repository.js';

/**
 * What a certificate's answer shows, its times as ISO strings (db/iso-timestamp): not the whole
 * row, whose CSV problems and publish time were read for nothing.
 */
const shown = {
  id: certificates.id, status: certificates.status, eventId: certificates.eventId, recipientType: certificates.recipientType,
  recipientCsv: certificates.recipientCsv, totalRecipient: certificates.totalRecipient, templateBackgroundUrl: certificates.templateBackgroundUrl,
  serialNumberPrefix: certificates.serialNumberPrefix, groupName: certificates.groupName, templateObjects: certificates.templateObjects, rules: certificates.rules,
  createdAt: isoTimestamp(certificates.createdAt), updatedAt: isoTimestamp(certificates.updatedAt),
};
const columns = { c: shown, eventName: events.name };
type ShownCertificate = Awaited<ReturnType<typeof certificateViewOf>>[number]['c'];
export type CertificateWithEvent = ShownCertificate & { eventName: string | null };

/**
 * `GET /v1/certificates/:id` in one statement: the certificate within the scope (the access
 * gate's condition), its event's name and its publish progress (the recipients' counts);
 * undefined when it is not the caller's to see.
 */
export async function certificateView(db: DbOrTx, scope: OwnerScope, id: string) {
  const [row] = await certificateViewOf(db, scope.organizationId ? 'org' : 'all', { id, organizationId: scope.organizationId });
  return row && { certificate: { ...row.c, eventName: row.eventName }, progress: progressOf(row) };
}

/**
 * A certificate's publish progress, read in its row's statement in one pass over its recipients:
 * created, mailed, and not mailed with an error recorded.
 */
const recipientCounts = sql<[number, number, number]>`(select array[count(*)::int,
  count(*) filter (where r.mailed_at is not null)::int, count(*) filter (where r.mailed_at is null and r.error is not null)::int]
  from ${certificateRecipients} r where r.certificate_id = ${certificates.id})`;
/** `done` mailed, `failed` not mailed with an error, `total` recipients created (the CSV's count until the job has read it). */
const progressOf = (row: { c: ShownCertificate; counts: [number, number, number] }): PublishProgress => {
  const [created, done, failed] = row.counts;
  return { done, total: created || row.c.totalRecipient, failed };
};

// One certificate by its id: planned once for all (see PlanMode).
const certificateViewOf = preparedShapes('certificates_view', (db, scope: 'org' | 'all') => db
  .select({ ...columns, counts: recipientCounts })
  .from(certificates).leftJoin(events, eq(events.id, certificates.eventId))
  .where(and(eq(certificates.id, sql.placeholder('id')), scope === 'org' ? eq(certificates.organizationId, sql.placeholder('organizationId')) : undefined)), () => 'generic');

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
  const filters = `${q.scope.organizationId ? 'org' : 'all'}${q.status ? 'status' : ''}`;
  const values = { organizationId: q.scope.organizationId, status: q.status, limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await certificatesPage(db, `${filters}_${q.sortParam}_${q.sortBy}`, values);
  const count = async () => (await certificatesCount(db, filters, values))[0].n;
  return { rows: rows.map((r) => ({ ...r.c, eventName: r.eventName, total: r.total, progress: progressOf(r) })), count };
}

/** The conditions of a list's shape, its values as placeholders. */
const certificatesWhere = (filters: string) => and(
  filters.startsWith('org') ? eq(certificates.organizationId, sql.placeholder('organizationId')) : undefined,
  filters.endsWith('status') ? eq(certificates.status, sql.placeholder('status')) : undefined,
);

// The certificate list: one statement per scope, status filter and order, each built once (see preparedShapes).
// Unfiltered pages planned once for all organizations (see PlanMode); a status's share varies: per call.
const certificatesPage = preparedShapes('certificates_page', (db, shape) => {
  const [filters, sortParam, sortBy] = shape.split('_');
  const order = sortBy === 'asc' ? asc : desc;
  return db
    .select({ ...columns, counts: recipientCounts, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(certificates).leftJoin(events, eq(events.id, certificates.eventId))
    .where(certificatesWhere(filters))
    .orderBy(order(sortParam === 'updatedAt' ? certificates.updatedAt : certificates.createdAt), order(certificates.id))
    .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
}, (shape) => (shape.includes('status') ? 'custom' : 'generic'));
const certificatesCount = preparedShapes('certificates_count', (db, filters) =>
  db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(certificates).where(certificatesWhere(filters)));

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
