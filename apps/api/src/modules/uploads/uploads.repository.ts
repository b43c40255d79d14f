import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  return row.id;
}

export function findUpload(db: DbOrTx, id: string) {
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}
