import pg from 'pg';

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * pg.Pool whose single statements (`pool.query`, what drizzle runs outside a transaction) share a
 * few pipelined connections instead of taking one each: a statement is written at once behind
 * those already sent on the least busy one, the statements sent in one turn of the event loop go
 * out in one write, and their answers come back together. Transactions still take a connection of
 * their own (`connect()`), as do cursors and callbacks (pg's other ways of querying).
 */
export class SharedPool extends pg.Pool {
  private readonly shared: (pg.Client | undefined)[];
  private readonly corked = new Set<pg.Client>();

  /** `shared`: how many pipelined connections single statements share (0: each takes one of the pool's, as pg.Pool). */
  constructor(config: pg.PoolConfig & { shared?: number }) {
    super(config);
    this.shared = new Array<pg.Client | undefined>(config.shared ?? 0).fill(undefined);
  }

  // The overloads of pg.Pool.query are kept; only a plain text or config with a promise is shared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const plain = typeof config === 'string' || (typeof config === 'object' && config !== null && typeof config.submit !== 'function' && !config.rows);
    if (!plain || typeof values === 'function' || callback !== undefined || this.shared.length === 0 || this.isEnding()) return super.query(config, values, callback);
    const client = this.leastBusy();
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
    return client.query(config as QueryConfig, values);
  }

  override async end(): Promise<void> {
    const clients = this.shared.filter((c): c is pg.Client => c !== undefined);
    this.shared.fill(undefined);
    await Promise.all([super.end(), ...clients.map((c) => c.end().catch(() => undefined))]);
  }

  private isEnding(): boolean {
    return (this as unknown as { ending: boolean }).ending;
  }

  /** The shared connection with the fewest statements waiting (one is made where a slot is empty). */
  private leastBusy(): pg.Client {
    let best: pg.Client | undefined;
    let load = Infinity;
    for (let i = 0; i < this.shared.length; i++) {
      const client = this.shared[i] ?? this.open(i);
      // pg keeps no public count of a client's statements: its queues (waiting, sent) and the one answering.
      const q = client as unknown as { _queryQueue?: unknown[]; _sentQueryQueue?: unknown[]; _activeQuery?: unknown };
      const n = (q._queryQueue?.length ?? 0) + (q._sentQueryQueue?.length ?? 0) + (q._activeQuery ? 1 : 0);
      if (n < load) [best, load] = [client, n];
      if (n === 0) break;
    }
    return best!;
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
