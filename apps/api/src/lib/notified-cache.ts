import type { Database } from '../db/client.js';
import type { Subscription } from '../db/listener.js';

/**
 * Reads the access gate makes on every request, remembered in this process for as long as the
 * database says they have not changed: a trigger notifies `channel` with the id of the group
 * (a user, an event) whose rows changed, whoever changes them (the API, the CLI, plain SQL), and
 * every process LISTENs. A group's generation moves with each notice, and with `forget` (the
 * process that wrote calls it once its transaction committed, so its own next request never
 * waits for the notice); an entry is served only while its generation is current, so a read that
 * raced a change is never kept. While notices are not arriving (a lost connection being made
 * again) nothing is served from memory; entries also lapse after `ttlMs`.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, { value: V; group: string; generation: number; at: number }>();
  private readonly generations = new Map<string, number>();
  /** Moves when the generations are forgotten all at once (too many groups, a lost connection). */
  private epoch = 0;
  private subscription?: Subscription;

  constructor(
    private readonly channel: string,
    private readonly opts: {
      ttlMs?: number; max?: number;
      /** Whether a value read may be kept (e.g. not a miss that an INSERT, which notifies nothing, could end). */
      keep?: (value: V) => boolean;
    } = {},
  ) {}

  /** Starts listening; until then (and without it) every read goes to the database. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.subscription = await database.listen(this.channel, (group) => this.forget(group), () => this.clear());
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.clear();
  }

  /** The value of `key` (of `group`): remembered while current, else `load()`ed (and remembered when it may be). */
  async get(group: string, key: string, load: () => Promise<V>): Promise<V> {
    const live = this.subscription?.live() ?? false;
    const generation = this.generationOf(group);
    if (live) {
      const hit = this.entries.get(key);
      if (hit && hit.generation === generation && Date.now() - hit.at < (this.opts.ttlMs ?? 5_000)) return hit.value;
    }
    const value = await load();
    if (live && this.subscription?.live() && this.generationOf(group) === generation && (this.opts.keep?.(value) ?? true)) {
      if (this.entries.size >= (this.opts.max ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, group, generation, at: Date.now() });
    }
    return value;
  }

  /** Drops everything remembered of the group (its entries no longer match the new generation). */
  forget(group: string): void {
    if (this.generations.size >= (this.opts.max ?? 10_000) && !this.generations.has(group)) {
      this.clear();
      return;
    }
    this.generations.set(group, (this.generations.get(group) ?? 0) + 1);
  }

  clear(): void {
    this.entries.clear();
    // A new epoch, not a reset: a read in flight must not store what it read before.
    this.generations.clear();
    this.epoch += 1;
  }

  private generationOf(group: string): number {
    // The epoch in the high part: a generation never repeats across a clear.
    return this.epoch * 2 ** 32 + (this.generations.get(group) ?? 0);
  }
}
