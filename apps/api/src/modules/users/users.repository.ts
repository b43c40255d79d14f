import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}
