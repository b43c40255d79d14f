import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';

/** The account signing in with `email` (case-insensitive, as login matches it). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/**
 * Serialises the reset requests of one user (FOR NO KEY UPDATE: the reset rows' foreign keys
 * still take their share lock), so concurrent requests cannot both pass the hourly count.
 */
export async function lockUser(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Reset links made for the user since `since`, used or not. */
export async function resetsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passwordResets).where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** The reset row of a token hash, locked until the transaction ends: a link is used once even when clicked twice at once. */
export async function findReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

export async function lockReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update');
  return row;
}

/** Every open reset link of the user stops working (the password was just set). */
export async function closeResets(db: DbOrTx, userId: string, at: Date) {
  await db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
