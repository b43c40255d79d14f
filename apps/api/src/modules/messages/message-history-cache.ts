import type { Database } from '../../db/client.js';
import { NotifiedCache } from '../../lib/notified-cache.js';

/**
 * The channel migration 0038's triggers notify: the event of every message row inserted, changed
 * or deleted (a batch sent moves its counts, migration 0037) and of every ticket renamed (the
 * history names an audience's tickets); `*` when a user's or a registrant's name changes (who sent
 * it, who a failure was for).
 */
export const MESSAGES_CHANNEL = 'eo_messages_changed';

/**
 * An event's message history and its messages as answered, kept in this process while the
 * database says nothing of them changed (lib/notified-cache.ts): the messages screen reads them
 * on every visit and while a message sends. The service forgets an event's at once after its own
 * writes (a message created, one cancelled), so its next request never waits for the notice.
 */
export class MessageHistoryCache {
  private readonly cache = new NotifiedCache<unknown>(MESSAGES_CHANNEL, {
    ttlMs: 60_000, max: 2_000, keep: (value) => value !== undefined, groupsOf: (notice) => (notice === '*' ? 'all' : [notice]),
  });

  start(database: Pick<Database, 'listen'>): Promise<void> {
    return this.cache.start(database);
  }

  stop(): Promise<void> {
    return this.cache.stop();
  }

  /** What `key` of the event's messages answers: kept, or `load()`ed (a miss is never kept). */
  read<V>(eventId: string, key: string, load: () => Promise<V>): Promise<V> {
    return this.cache.get(eventId, `${eventId}|${key}`, load) as Promise<V>;
  }

  forget(eventId: string): void {
    this.cache.forget(eventId);
  }
}
