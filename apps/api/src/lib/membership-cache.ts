import type { Database, DbOrTx, Subscription } from '../db/client.js';
import { findMembership } from './access.repository.js';

type Membership = Awaited<ReturnType<typeof findMembership>>;

/** The channel migration 0010's trigger notifies with the user id of every membership change. */
export const MEMBERSHIP_CHANNEL = 'eo_membership_changed';

/**
 * The memberships the access gate reads on every request, remembered so that a busy dashboard's
 * reads do not each pay a query for them (the bench: within 10% of the same rows
 * without the gate). Never stale: every change of a membership, whoever makes it, notifies every
 * process (a trigger, LISTEN here), and the organizations service also forgets the user in its
 * own process as its transaction commits. Entries carry the user's generation when their read
 * began, so a read racing a change is never kept. While the notifications are not arriving
 * (a lost connection being made again) nothing is remembered; entries also lapse after `ttlMs`.
 */
export class MembershipCache {
  private readonly entries = new Map<string, { value: Membership; generation: number; at: number }>();
  private readonly generations = new Map<string, number>();
  private subscription?: Subscription;

  constructor(private readonly ttlMs = 5_000, private readonly max = 10_000) {}

  /** Starts listening; until then (and without it) every lookup reads the database. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.subscription = await database.listen(MEMBERSHIP_CHANNEL, (userId) => this.forgetUser(userId), () => this.clear());
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.clear();
  }

  /** The caller's membership in `organizationId`, or their oldest one: as `findMembership` reads it. */
  async lookup(db: DbOrTx, userId: string, organizationId: string | undefined): Promise<Membership> {
    const usable = this.subscription?.live() ?? false;
    const key = `${userId}|${organizationId ?? ''}`;
    const generation = this.generations.get(userId) ?? 0;
    if (usable) {
      const hit = this.entries.get(key);
      if (hit && hit.generation === generation && Date.now() - hit.at < this.ttlMs) return hit.value;
    }
    const value = await findMembership(db, userId, organizationId);
    if (usable && this.subscription?.live() && (this.generations.get(userId) ?? 0) === generation) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, generation, at: Date.now() });
    }
    return value;
  }

  /** Drops everything remembered of the user (their entries no longer match the new generation). */
  forgetUser(userId: string): void {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  clear(): void {
    this.entries.clear();
    // Bumped, not cleared: a read in flight must not store what it read before the loss.
    for (const userId of this.generations.keys()) this.forgetUser(userId);
  }
}
