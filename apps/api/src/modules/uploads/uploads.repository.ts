import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
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
