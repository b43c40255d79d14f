import type { FastifyBaseLogger } from 'fastify';
import { maintenanceSchema, type Maintenance } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { readMaintenance, writeMaintenance } from './maintenance.repository.js';

const REMOTE_TTL_MS = 30_000;
const REMOTE_TIMEOUT_MS = 3_000;

/**
 * The maintenance status: the database row, or, when MAINTENANCE_URL is set, that URL's JSON
 * (`{status,...}` or `{data:{status,...}}`) cached briefly. An unreachable URL falls back to
 * the database row rather than locking everybody out or in.
 */
export class MaintenanceService {
  private cache?: { at: number; value: Maintenance };

  constructor(private readonly db: Db, private readonly url: string | undefined, private readonly log: FastifyBaseLogger) {}

  async get(now = Date.now()): Promise<Maintenance> {
    if (!this.url) return readMaintenance(this.db);
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
      return readMaintenance(this.db);
    }
  }

  async set(value: Maintenance): Promise<Maintenance> {
    await writeMaintenance(this.db, value);
    this.cache = undefined;
    return value;
  }
}
