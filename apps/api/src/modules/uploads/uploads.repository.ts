import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ANSWER_FILE_IDS_PATH, registrantAnswers, uploads } from '../../db/schema/index.js';

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  return row.id;
}

export function findUpload(db: DbOrTx, id: string) {
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

/**
 * No answer of any registration names the upload. One pass over the answers' file ids, hashed
 * (NOT IN over a subquery without NULLs), however many uploads are tested against it.
 */
const unreferenced = sql`${uploads.id}::text not in (
  select f #>> '{}' from ${registrantAnswers}, jsonb_path_query(${registrantAnswers.value}, ${ANSWER_FILE_IDS_PATH}::jsonpath) as f
  where f #>> '{}' is not null)`;

/**
 * Deletes the oldest `limit` answer uploads made before `before` that no registration names,
 * and returns their storage paths (the files are the caller's to remove, after this commits).
 */
export function deleteAbandonedAnswerUploads(db: DbOrTx, before: Date, limit: number) {
  const batch = db.select({ id: uploads.id }).from(uploads)
    .where(and(eq(uploads.docType, 'RegistrationAnswer'), lt(uploads.createdAt, before), unreferenced))
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .limit(limit);
  return db.delete(uploads).where(inArray(uploads.id, batch)).returning({ id: uploads.id, path: uploads.path });
}

/** Deletes one answer upload no registration has named yet; its storage path, when it was deleted. */
export async function deleteUnnamedAnswerUpload(db: DbOrTx, id: string) {
  const [row] = await db.delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.docType, 'RegistrationAnswer'), isNull(uploads.namedAt)))
    .returning({ path: uploads.path });
  return row?.path;
}

/** The bytes of answer uploads not yet named by a registration, sent since `since` by the sender or for the event. */
export async function unnamedAnswerBytes(db: DbOrTx, by: { senderKey: string } | { eventId: string }, since: Date) {
  const [row] = await db.select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`.mapWith(Number), oldest: sql<string | null>`min(${uploads.createdAt})` })
    .from(uploads)
    .where(and(
      'senderKey' in by ? eq(uploads.senderKey, by.senderKey) : eq(uploads.eventId, by.eventId),
      isNull(uploads.namedAt), gt(uploads.createdAt, since),
    ));
  return { bytes: row.bytes, oldest: row.oldest ? new Date(row.oldest) : null };
}

/** The uploads a registration's answers name: no longer counted against their sender or event. */
export async function markAnswerUploadsNamed(db: DbOrTx, ids: string[], at: Date) {
  if (ids.length) await db.update(uploads).set({ namedAt: at }).where(and(inArray(uploads.id, ids), isNull(uploads.namedAt)));
}
