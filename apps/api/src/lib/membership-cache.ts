import type { Database, DbOrTx } from '../db/client.js';
import { findMembership } from './access.repository.js';
import { NotifiedCache } from './notified-cache.js';

type Membership = Awaited<ReturnType<typeof findMembership>>;

/** The channel migration 0010's trigger notifies with the user id of every membership change. */
export const MEMBERSHIP_CHANNEL = 'eo_membership_changed';

/**
 * The memberships the access gate reads on every request, remembered so that a busy dashboard's
 * reads do not each pay a query for them (the bench: within 10% of the same rows
 * without the gate). Never stale (lib/notified-cache.ts): every change of a membership notifies
 * every process, and the organizations module (members, invitations) also forgets the user in
 * its own process as its transaction commits.
 */
export class MembershipCache {
  private readonly cache: NotifiedCache<Membership>;

  constructor(ttlMs = 5_000, max = 10_000) {
    this.cache = new NotifiedCache(MEMBERSHIP_CHANNEL, { ttlMs, max });
  }

  /** Starts listening; until then (and without it) every lookup reads the database. */
  start(database: Pick<Database, 'listen'>): Promise<void> {
    return this.cache.start(database);
  }

  stop(): Promise<void> {
    return this.cache.stop();
  }

  /** The caller's membership in `organizationId`, or their oldest one: as `findMembership` reads it. */
  lookup(db: DbOrTx, userId: string, organizationId: string | undefined): Promise<Membership> {
    return this.cache.get(userId, `${userId}|${organizationId ?? ''}`, () => findMembership(db, userId, organizationId));
  }

  /** Drops everything remembered of the user. */
  forgetUser(userId: string): void {
    this.cache.forget(userId);
  }

  clear(): void {
    this.cache.clear();
  }
}
