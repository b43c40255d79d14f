import type { FastifyBaseLogger } from 'fastify';
import { maintenanceSchema, type Maintenance } from '@eo/contract';
import type { Database, Db } from '../../db/client.js';
import { NotifiedCache } from '../../lib/notified-cache.js';
import { readMaintenance, writeMaintenance } from './maintenance.repository.js';

const REMOTE_TTL_MS = 30_000;
const REMOTE_TIMEOUT_MS = 3_000;

/** The channel migration 0033's trigger notifies on every change of the stored status. */
export const MAINTENANCE_CHANNEL = 'eo_maintenance_changed';
const ROW = 'maintenance';

/**
 * The maintenance status: the database row, or, when MAINTENANCE_URL is set, that URL's JSON
 * (`{status,...}` or `{data:{status,...}}`) cached briefly. An unreachable URL falls back to
 * the database row rather than locking everybody out or in. The row is kept in this process
 * while the database says it has not changed (lib/notified-cache.ts; every open dashboard asks
 * each minute): a change by any process, the CLI or plain SQL is answered as soon as its notice
 * arrives, one made here at once.
 */
export class MaintenanceService {
  private cache?: { at: number; value: Maintenance };
  private readonly row = new NotifiedCache<Maintenance>(MAINTENANCE_CHANNEL, { max: 1 });

  constructor(private readonly db: Db, private readonly url: string | undefined, private readonly log: FastifyBaseLogger) {}

  /** Listens for changes of the stored status; until then every read goes to the database. */
  start(database: Pick<Database, 'listen'>): Promise<void> {
    return this.row.start(database);
  }

  stop(): Promise<void> {
    return this.row.stop();
  }

  async get(now = Date.now()): Promise<Maintenance> {
    if (!this.url) return this.stored();
    if (this.cache && now - this.cache.at < REMOTE_TTL_MS) return this.cache.value;
    try {
      const res = await fetch(this.url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const json = (await res.json()) as { data?: unknown };
      const value = maintenanceSchema.parse(json && typeof json === 'object' && 'data' in json ? json.data : json);
      this.cache = { at: now, value };
      return value;
    } catch (err) {
      this.log.warn({ err, url: this.url }, 'maintenance status URL unreadable; using the stored status');
      return this.stored();
    }
  }

  async set(value: Maintenance): Promise<Maintenance> {
    await writeMaintenance(this.db, value);
    this.row.forget(ROW);
    this.cache = undefined;
    return value;
  }

  private stored(): Promise<Maintenance> {
    // Frozen: one object answers every request while it is kept.
    return this.row.get(ROW, ROW, async () => Object.freeze(await readMaintenance(this.db)));
  }
}
