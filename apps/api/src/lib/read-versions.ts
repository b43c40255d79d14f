import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client.js';
import { p, preparedSql } from '../db/prepared-sql.js';
import { checkinCounters, eventChanges, eventSalesCounters, EVERY_COIN_ACCOUNT, EVERY_EVENT, organizationCounters } from '../db/schema/index.js';

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
 * Where an organization's payout drawer and coin account pages stand (migrations 0041, 0043): the
 * sum of its organization_counters' `changes` (one for every statement that changed a balance, a
 * withdrawal, a coin account or an event's shown columns of the organization) and of
 * EVERY_COIN_ACCOUNT's event_changes (the money trail, whose wrong codes count on every account),
 * as one text. Both only rise (compaction keeps the sums). Planned once.
 */
export async function payoutsVersion(db: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await payoutsSums(db, { organizationId });
  return row!.v;
}

const payoutsSums = preparedSql<{ v: string }>('organization_changes_payouts', () => sql`
  select (select coalesce(sum(${organizationCounters.changes}), 0) from ${organizationCounters} where ${organizationCounters.organizationId} = ${p('organizationId')})
    || ':' || (select coalesce(sum(${eventChanges.participants}), 0) from ${eventChanges} where ${eventChanges.eventId} = ${sql.raw(`'${EVERY_COIN_ACCOUNT}'`)}::uuid) as v`, 'generic');

/**
 * Where an event's Riwayat Penjualan stands (migration 0042): the sum of its event_sales_counters'
 * `changes` (every statement on its transactions) and of its event_changes (a ticket's name or
 * place, among what else the participant lists show), as one text. Both only rise. Planned once.
 */
export async function salesVersion(db: DbOrTx, eventId: string): Promise<string> {
  const [row] = await salesSums(db, { eventId });
  return row!.v;
}

const salesSums = preparedSql<{ v: string }>('event_changes_sales', () => sql`
  select (select coalesce(sum(${eventSalesCounters.changes}), 0) from ${eventSalesCounters} where ${eventSalesCounters.eventId} = ${p('eventId')})
    || ':' || (select coalesce(sum(${eventChanges.participants}), 0) from ${eventChanges} where ${eventChanges.eventId} = ${p('eventId')}) as v`, 'generic');

/** An answer that also changes with time alone: right from the instant it was read until `until` (inclusive; null: no such instant). */
export interface Timed<V> { value: V; until: Date | null }

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
  private readonly entries: LRUCache<string, { version: string; value: V; from?: number; until?: number }>;

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

  /**
   * As `read`, for an answer that time alone also changes: served again only to a request whose
   * `now` lies between the instant it was read at and the instant `load` gave with it.
   */
  async readTimed(key: string, version: string, now: Date, load: () => Promise<Timed<V>>): Promise<V> {
    const at = now.getTime();
    const hit = this.entries.get(key);
    if (hit?.version === version && hit.from !== undefined && hit.from <= at && at <= hit.until!) return hit.value;
    const { value, until } = await load();
    this.entries.set(key, { version, value, from: at, until: until ? until.getTime() : Infinity });
    return value;
  }
}
