import pg from 'pg';

type QueryConfig = pg.QueryConfig & { name?: string };

/** Statements waiting on a shared connection before the next one is used. */
export const FILL_DEPTH = 32;
/** How long a connection may answer one statement before new ones go to the next. */
export const STALL_MS = 5;

/** pg keeps no public count of a client's statements: its queues (waiting, sent) and the one answering. */
type Queues = { _queryQueue?: unknown[]; _sentQueryQueue?: unknown[]; _activeQuery?: unknown };

/**
 * pg.Pool whose single statements (`pool.query`, what drizzle runs outside a transaction) share a
 * few pipelined connections instead of taking one each: a statement is written at once behind
 * those already sent, the statements sent in one turn of the event loop go out in one write, and
 * their answers come back together. Transactions still take a connection of their own
 * (`connect()`), as do cursors and callbacks (pg's other ways of querying).
 *
 * The connections are filled in order (`pick`): the first takes statements until it has
 * FILL_DEPTH waiting or stalls, and only then the next. One busy backend answering a stream of
 * statements costs both sides less than several taking turns on the machine's cores, each woken
 * for its share (measured on the scale bench: PostgreSQL's CPU a statement 10–15% lower, the
 * reads' req/s 3–21% higher than spreading them over four). A stalled connection (a slow
 * statement answering for STALL_MS) is passed over, so one slow statement holds up only those
 * already sent behind it.
 */
export class SharedPool extends pg.Pool {
  private readonly shared: (pg.Client | undefined)[];
  private readonly corked = new Set<pg.Client>();
  /** Per shared connection: when it last answered a statement, or was given one while idle (performance.now()). */
  private readonly progress: number[];
  /** Per shared connection: what records an answer in `progress` (made once, not per statement). */
  private readonly answered: (() => void)[];

  /** `shared`: how many pipelined connections single statements share (0: each takes one of the pool's, as pg.Pool). */
  constructor(config: pg.PoolConfig & { shared?: number }) {
    super(config);
    this.shared = new Array<pg.Client | undefined>(config.shared ?? 0).fill(undefined);
    this.progress = this.shared.map(() => 0);
    this.answered = this.shared.map((_, i) => () => {
      this.progress[i] = performance.now();
    });
  }

  // The overloads of pg.Pool.query are kept; only a plain text or config with a promise is shared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const plain = typeof config === 'string' || (typeof config === 'object' && config !== null && typeof config.submit !== 'function' && !config.rows);
    if (!plain || typeof values === 'function' || callback !== undefined || this.shared.length === 0 || this.isEnding()) return super.query(config, values, callback);
    const i = this.pick(performance.now());
    const client = this.shared[i]!;
    // Held until the end of this turn: every statement written meanwhile leaves in one write.
    const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    if (!this.corked.has(client)) {
      this.corked.add(client);
      stream.cork();
      setImmediate(() => {
        this.corked.delete(client);
        stream.uncork();
      });
    }
    const answer = client.query(config as QueryConfig, values);
    answer.then(this.answered[i], this.answered[i]);
    return answer;
  }

  override async end(): Promise<void> {
    const clients = this.shared.filter((c): c is pg.Client => c !== undefined);
    this.shared.fill(undefined);
    await Promise.all([super.end(), ...clients.map((c) => c.end().catch(() => undefined))]);
  }

  private isEnding(): boolean {
    return (this as unknown as { ending: boolean }).ending;
  }

  /**
   * The first shared connection with fewer than FILL_DEPTH statements that is not stalled (one is
   * made where a slot is empty); when every one is full or stalled, the one with the fewest.
   * Stalled: statements in flight and none answered for STALL_MS.
   */
  private pick(now: number): number {
    let best = 0;
    let load = Infinity;
    for (let i = 0; i < this.shared.length; i++) {
      const q = (this.shared[i] ?? this.open(i)) as unknown as Queues;
      const n = (q._queryQueue?.length ?? 0) + (q._sentQueryQueue?.length ?? 0) + (q._activeQuery ? 1 : 0);
      if (n === 0) this.progress[i] = now;
      if (n < FILL_DEPTH && now - this.progress[i] < STALL_MS) return i;
      if (n < load) [best, load] = [i, n];
    }
    return best;
  }

  private open(i: number): pg.Client {
    const client = new pg.Client({ ...this.options, pipeline: true } as pg.ClientConfig & { pipeline: boolean });
    this.shared[i] = client;
    const drop = () => {
      if (this.shared[i] !== client) return;
      this.shared[i] = undefined;
      client.end().catch(() => undefined);
    };
    // A lost connection fails what it carried (as a pooled one would) and is made again on next use.
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    return client;
  }
}
