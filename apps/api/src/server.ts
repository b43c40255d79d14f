// First: V8 options that must hold before the process opens the database or serves (gc-tuning.ts).
import { collectStartupGarbage } from './gc-tuning.js';
import { buildApp } from './app.js';
import { openStore } from './lib/storage/open-store.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openConfiguredDatabase } from './db/open.js';
import { requeueRunningJobs } from './jobs/queue.js';
import { demoAccountLines, DEMO_PASSWORD, isDatabaseEmpty } from './seed/demo-accounts.js';
import { seedInChild } from './seed/seed-in-child.js';
import { boundedShutdown } from './lib/shutdown.js';
import { killAfter } from './lib/hard-stop.js';
import { exitAfterLogs } from './lib/log-stream.js';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const storage = await openStore(config).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  // Seeded at most once, under the migration lock, so processes starting together on an empty database take turns.
  await database.migrate(async () => {
    if (config.seedDemo && (await isDatabaseEmpty(database.db))) await seedInChild();
  });
  if (!config.databaseUrl) {
    // The embedded database is this process's alone: a job left running was cut off by a crash.
    const resumed = await requeueRunningJobs(database.db);
    if (resumed) console.log(`Resuming ${resumed} background job(s) interrupted by the last stop.`);
  }
  const app = await buildApp({ config, database, storage, prettyLogs: Boolean(process.stdout.isTTY) });

  const { shutdown, track } = boundedShutdown({
    app,
    closeResources: async () => {
      await database.close();
      await storage.close();
    },
    boundMs: config.shutdownTimeoutMs,
    exit: exitAfterLogs,
    killAfter,
  });
  track();
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Before listening, so that no request waits on it (about 140 ms once).
  collectStartupGarbage();
  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\nEO Dashboard is running at ${url}  (API docs: ${url}/docs)`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}/pg`}`);
  console.log(`Files: ${storage.describe()}`);
  if (config.seedDemo) {
    console.log(`Sign in with one of the demo accounts, password "${DEMO_PASSWORD}":`);
    for (const line of demoAccountLines()) console.log(line);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
