import path from 'node:path';
import type { Config } from '../config/env.js';
import { openDatabase, type Database } from './client.js';

/** The configured database: a PostgreSQL server, or PGlite under DATA_DIR/pg. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: path.join(config.dataDir, 'pg') });
}
