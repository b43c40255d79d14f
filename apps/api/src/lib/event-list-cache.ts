import type { Database } from '../db/client.js';
import { NotifiedCache } from './notified-cache.js';

/**
 * The channel migration 0036's triggers notify: the organization of every event row inserted,
 * changed or deleted (both organizations when one moves), and `*` when a user's email changes
 * (the lists show the creator's address).
 */
export const EVENT_LISTS_CHANNEL = 'eo_event_lists_changed';

/** The group of the platform-wide lists (the admin's): every event change moves it. */
const PLATFORM = 'platform';

/** A list as read at `from`, the same until `until` (ms; a passing last date moves it between groups). */
interface Listed { value: unknown; from: number; until: number }

/**
 * The event lists (the organizer's active, concluded and draft lists, the admin's list and review
 * queue), remembered in this process while the database says no event of their scope changed
 * (lib/notified-cache.ts), and only for the instants at which the same events are in the same
 * group. Every open dashboard reads a list on each visit, focus and page; the events behind it
 * change when an organizer edits one or an admin reviews one, never on a registration's path.
 * Writers in this process forget the lists once their transaction committed (lib/event-cache.ts,
 * `forgetEvent` and `forgetEventLists`), so their own next request never waits for the notice.
 * Started with the gate's event cache, which holds it.
 */
export class EventListCache {
  private readonly cache = new NotifiedCache<Listed>(EVENT_LISTS_CHANNEL, {
    ttlMs: 60_000, max: 2_000, groupsOf: (notice) => (notice === '*' ? 'all' : [notice, PLATFORM]),
  });

  start(database: Pick<Database, 'listen'>): Promise<void> {
    return this.cache.start(database);
  }

  stop(): Promise<void> {
    return this.cache.stop();
  }

  /**
   * The list `key` of an organization (undefined: the platform's) at `now`: remembered, or
   * `load()`ed with the instant until which its events stay in their groups (null: no end).
   */
  async read<V>(organizationId: string | undefined, key: string, now: Date, load: () => Promise<{ value: V; until: Date | null }>): Promise<V> {
    const at = now.getTime();
    const group = organizationId ?? PLATFORM;
    const listed = await this.cache.get(group, `${group}|${key}`, async () => {
      const { value, until } = await load();
      return { value, from: at, until: until?.getTime() ?? Infinity };
    }, (hit) => hit.from <= at && at <= hit.until);
    return listed.value as V;
  }

  clear(): void {
    this.cache.clear();
  }
}
