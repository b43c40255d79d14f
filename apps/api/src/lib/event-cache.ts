import type { Database, DbOrTx } from '../db/client.js';
import type { findEvent } from './access.repository.js';
import { NotifiedCache } from './notified-cache.js';

/** The channel migration 0030's trigger notifies with the id of every event row changed or deleted. */
export const EVENT_CHANNEL = 'eo_event_changed';

/** The gate's read of a live event; undefined when there is none. */
export type LiveEvent = Awaited<ReturnType<typeof findEvent>> | undefined;

const caches = new WeakMap<DbOrTx, EventCache>();

/**
 * The live events the access gate reads on most event routes (lib/access.ts), remembered in
 * this process while the database says they have not changed (lib/notified-cache.ts): every
 * change of an event row notifies every process, and the services that change one forget it
 * here once their transaction committed (`forgetEvent`). A miss is never kept: a new event
 * notifies nothing. Rows are frozen, being shared by every request that reads them.
 */
export class EventCache {
  private readonly cache = new NotifiedCache<LiveEvent>(EVENT_CHANNEL, { max: 2_000, keep: (event) => event !== undefined });
  private db?: DbOrTx;

  /** Listens, and serves the gate's reads made on `database.db` outside a transaction. */
  async start(database: Pick<Database, 'listen' | 'db'>): Promise<void> {
    await this.cache.start(database);
    this.db = database.db;
    caches.set(database.db, this);
  }

  async stop(): Promise<void> {
    if (this.db && caches.get(this.db) === this) caches.delete(this.db);
    await this.cache.stop();
  }

  read(id: string, load: () => Promise<LiveEvent>): Promise<LiveEvent> {
    return this.cache.get(id, id, async () => {
      const event = await load();
      return event && Object.freeze(event);
    });
  }

  forget(id: string): void {
    this.cache.forget(id);
  }
}

/** The event cache serving reads on `db`, if one was started for it. */
export const eventCacheOf = (db: DbOrTx): EventCache | undefined => caches.get(db);

/** After a transaction that changed event `id` committed: this process reads it again next time. */
export function forgetEvent(db: DbOrTx, id: string): void {
  caches.get(db)?.forget(id);
}
