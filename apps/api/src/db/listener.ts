import pg from 'pg';

export interface Subscription {
  /** Whether notifications are arriving now (false while a lost connection is being made again). */
  live(): boolean;
  close(): Promise<void>;
}

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'eo-listener';

interface Channel { onMessage: (payload: string) => void; onLost: () => void }

/**
 * Every `LISTEN` of a process on one connection of its own, made when the first channel is
 * listened to and again (a second later, then every second) whenever it is lost; each channel's
 * `onLost` is called then, since what was notified meanwhile never arrives. One connection, not
 * one per channel: each is a PostgreSQL backend held for the life of the process.
 */
export class Listener {
  private readonly channels = new Map<string, Channel>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<Subscription> {
    this.channels.set(channel, { onMessage, onLost });
    if (!this.client) await (this.connecting ??= this.connect());
    // Again where the connection was being made as the channel came (LISTEN twice is harmless).
    await this.client?.query(`LISTEN "${channel}"`).catch(() => undefined);
    return {
      live: () => this.client !== undefined && this.channels.has(channel),
      close: async () => {
        this.channels.delete(channel);
        await this.client?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        if (this.channels.size === 0) await this.end();
      },
    };
  }

  /** Ends the connection and stops making it again. */
  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.end();
  }

  private async end(): Promise<void> {
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_NAME });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      for (const c of this.channels.values()) c.onLost();
      client.end().catch(() => undefined);
      this.again();
    };
    client.on('notification', (n) => this.channels.get(n.channel)?.onMessage(n.payload ?? ''));
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN "${channel}"`);
      if (this.closed || this.channels.size === 0) await client.end();
      else this.client = client;
    } catch {
      client.end().catch(() => undefined);
      this.again();
    } finally {
      this.connecting = undefined;
    }
  }

  private again(): void {
    if (this.closed || this.channels.size === 0) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void (this.connecting ??= this.connect()), 1000);
  }
}
