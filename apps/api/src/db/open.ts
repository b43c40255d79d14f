import path from 'node:path';
import type { Config } from '../config/env.js';
import { openDatabase, type Database } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * The configured database: a PostgreSQL server, or PGlite under DATA_DIR/pg. The embedded one
 * is locked for this process (`DATA_DIR/pg.lock`) until it is closed: a second process (a CLI
 * command or backup while the server runs) is refused with a message saying to stop the first.
 */
export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'dbPoolSize' | 'dbSharedConnections' | 'sqlLog'>>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, poolSize: config.dbPoolSize, sharedConnections: config.dbSharedConnections, sqlLog: config.sqlLog });
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pg'), sqlLog: config.sqlLog });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
