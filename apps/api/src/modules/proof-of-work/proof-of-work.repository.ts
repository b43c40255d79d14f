import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { usedChallenges } from '../../db/schema/index.js';

/**
 * Marks a challenge spent; false when it already was. One insert, so two requests carrying the
 * same solution (on one process or two) cannot both pass: the primary key lets one row in.
 */
export async function spendChallenge(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedChallenges).values({ signature, expiresAt }).onConflictDoNothing().returning({ signature: usedChallenges.signature });
  return rows.length === 1;
}

/** Forgets the challenges that have expired: their solutions are refused as expired anyway. */
export async function purgeUsedChallenges(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, sql`${now.toISOString()}::timestamptz`)).returning({ signature: usedChallenges.signature });
  return rows.length;
}
