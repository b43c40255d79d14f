import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';

const listed = {
  id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt,
};

export async function insertApiKey(db: DbOrTx, row: {
  organizationId: string; name: string; prefix: string; keyHash: string; scopes: ApiKeyScope[]; createdBy: string;
}) {
  const [created] = await db.insert(apiKeys).values(row).returning(listed);
  return created!;
}

/** The organization's live keys, oldest first. */
export async function liveApiKeys(db: DbOrTx, organizationId: string) {
  return db.select(listed).from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Revokes a live key of the organization; undefined when it has no such key (another's, unknown, already revoked). */
export async function revokeApiKey(db: DbOrTx, organizationId: string, id: string, at: Date) {
  const [row] = await db.update(apiKeys).set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .returning({ ...listed, revokedAt: apiKeys.revokedAt });
  return row;
}

/** The live key with this hash (its unique index) and the member who made it: what every key-authenticated request resolves. */
export async function findLiveKey(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes, organizationId: apiKeys.organizationId,
      lastUsedAt: apiKeys.lastUsedAt, userId: users.id, email: users.email, userName: users.name, level: users.level,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/**
 * Marks the key used, unless it was within the last minute: the condition makes a busy key cost
 * one write a minute, and concurrent requests at the turn of the minute one write between them.
 */
export async function touchApiKey(db: DbOrTx, id: string) {
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
}
