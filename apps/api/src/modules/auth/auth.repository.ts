import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authSessions, loginFailures, refreshTokens, users } from '../../db/schema/index.js';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

export async function createSession(db: DbOrTx, userId: string, platform: string) {
  const [row] = await db.insert(authSessions).values({ userId, platform }).returning({ id: authSessions.id });
  return row.id;
}

export async function insertRefreshToken(db: DbOrTx, sessionId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

/** Locks the token row so that two concurrent uses of one token cannot both succeed. */
export async function lockRefreshToken(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: authSessions.revokedAt,
      userId: authSessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens });
  return rows[0];
}

export async function markRefreshTokenUsed(db: DbOrTx, tokenHash: string, at: Date) {
  await db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.tokenHash, tokenHash));
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/**
 * Revokes every live session of a user (but `exceptSessionId`, the caller's own when given):
 * their access tokens stop working and their refresh tokens are refused.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, at: Date, exceptSessionId?: string) {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

export async function passwordHashOf(db: DbOrTx, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/** The live session with its user: what every authenticated request resolves. */
export async function findLiveSession(db: DbOrTx, sessionId: string, userId: string) {
  const rows = await db
    .select({
      sessionId: authSessions.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      level: users.level,
      roles: users.roles,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  return rows[0];
}

/**
 * Counts one attempt under `key` in one statement and answers the count including it, so
 * concurrent attempts each see a different number. A window that started before `cutoff` starts afresh.
 */
export async function bumpAttempts(db: DbOrTx, key: string, now: Date, cutoff: Date) {
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.windowStart} < ${cutoff.toISOString()} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < ${cutoff.toISOString()} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStart} end`,
      },
    })
    .returning({ count: loginFailures.count, windowStart: loginFailures.windowStart });
  return row;
}

/** Takes back one counted attempt (it turned out not to be a failure, or was never checked). */
export async function unbumpAttempts(db: DbOrTx, key: string) {
  await db.update(loginFailures).set({ count: sql`greatest(${loginFailures.count} - 1, 0)` }).where(eq(loginFailures.key, key));
}

/**
 * Claims the next check slot of `key` (its `windowStart` holds when the next check may start):
 * one statement, so of concurrent claimants exactly one wins. Answers when the slot opens if taken.
 */
export async function claimSlot(db: DbOrTx, key: string, now: Date, nextAt: Date): Promise<Date | null> {
  const won = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: nextAt })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: { count: sql`${loginFailures.count} + 1`, windowStart: nextAt },
      setWhere: sql`${loginFailures.windowStart} <= ${now.toISOString()}`,
    })
    .returning({ key: loginFailures.key });
  if (won.length) return null;
  const row = await db.query.loginFailures.findFirst({ where: eq(loginFailures.key, key) });
  return row?.windowStart ?? now;
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Every key starting with `prefix` (an account's pairs with any address). */
export async function clearFailuresStartingWith(db: DbOrTx, prefix: string) {
  await db.delete(loginFailures).where(sql`left(${loginFailures.key}, ${prefix.length}) = ${prefix}`);
}
