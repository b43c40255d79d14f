import type { Config } from '../config/env.js';
import { openDatabase, type Database } from './client.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/**
 * The configured database: the PostgreSQL server at DATABASE_URL, or the embedded one in
 * DATA_DIR/pg, started by this process and stopped when the database is closed. `attach` (the
 * CLI: a backup while the server runs) connects to the embedded server a running server owns
 * instead of being refused.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'dbPoolSize'>>,
  opts: { attach?: boolean; log?: (line: string) => void } = {},
): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, poolSize: config.dbPoolSize });
  const server = await startEmbeddedPostgres(config.dataDir, { attach: opts.attach, log: opts.log ?? ((line) => console.log(line)) });
  try {
    const database = await openDatabase({ url: server.url, poolSize: config.dbPoolSize });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
