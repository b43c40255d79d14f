import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof-of-work challenges already spent (modules/proof-of-work): one row per challenge, keyed by
 * its signature, kept until the challenge would have expired anyway. In the database, so a
 * solution spent on one API process is refused by every other; purged by a scheduled job.
 */
export const usedChallenges = pgTable('used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('used_challenges_expires_idx').on(t.expiresAt)]);
