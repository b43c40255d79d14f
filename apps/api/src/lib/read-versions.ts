import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client.js';
import { p, preparedSql } from '../db/prepared-sql.js';
import { checkinCounters, eventChanges, EVERY_EVENT } from '../db/schema/index.js';

/**
 * Where an event's participant lists stand (migration 0040): the sum of its checkin_counters'
 * `changes` and the sum of its event_changes and EVERY_EVENT's, as one text. Each moves in the
 * transaction of every change those lists show, whoever writes; event_changes only ever rises,
 * and rises where counter rows go (a ticket deleted), so the pair never comes back to a value it
 * had: a page read after it was read is current for as long as it stays. Planned once.
 */
export async function participantsVersion(db: DbOrTx, eventId: string): Promise<string> {
  const [row] = await participantsSums(db, { eventId });
  return row!.v;
}

const participantsSums = preparedSql<{ v: string }>('event_changes_participants', () => sql`
  select (select coalesce(sum(${checkinCounters.changes}), 0) from ${checkinCounters} where ${checkinCounters.eventId} = ${p('eventId')})
    || ':' || (select coalesce(sum(${eventChanges.participants}), 0) from ${eventChanges}
    where ${eventChanges.eventId} in (${p('eventId')}, ${sql.raw(`'${EVERY_EVENT}'`)}::uuid)) as v`, 'generic');

/**
 * Answers remembered in this process under the version read before each was made, and served
 * again only to a request that read the same version (the data behind them unchanged since, in
 * any process: the version lives in the database). A page made from a later snapshot than its
 * version is never older than what that version stands for, so a race costs a reload, never a
 * stale answer. At most `max` answers, the least recently served dropped first, none served
 * after `ttlMs` (a database restored under a running process sets versions back: this bounds
 * what such a process could show; restart it). The caller runs the access gate before asking:
 * a remembered answer is only ever its own read, served faster.
 */
export class VersionedReads<V> {
  private readonly entries: LRUCache<string, { version: string; value: V }>;

  constructor(opts: { max?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache({ max: opts.max ?? 500, ttl: opts.ttlMs ?? 60_000 });
  }

  async read(key: string, version: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.value;
    const value = await load();
    this.entries.set(key, { version, value });
    return value;
  }
}
