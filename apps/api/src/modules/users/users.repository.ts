import type { DbOrTx } from '../../db/client.js';
import { memberships, organizations, users } from '../../db/schema/index.js';

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

/** A new organization with `userId` as its owner. */
export async function insertOrganization(db: DbOrTx, name: string, ownerId: string): Promise<string> {
  const [org] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  await db.insert(memberships).values({ organizationId: org.id, userId: ownerId, role: 'owner' });
  return org.id;
}
