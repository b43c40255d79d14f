// First: V8 options that must hold before the process opens the database or serves (gc-tuning.ts).
import './gc-tuning.js';
import { buildApp } from './app.js';
import { openStore } from './lib/storage/open-store.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openConfiguredDatabase } from './db/open.js';
import { requeueRunningJobs } from './jobs/queue.js';
import { boundedShutdown } from './lib/shutdown.js';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const storage = await openStore(config).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  // Only where it seeds (the embedded default): the demo's posters bring sharp, which a server process would hold idle.
  const seed = config.seedDemo ? await import('./seed/demo-seed.js') : undefined;
  // Seeded at most once: on PostgreSQL under the migration lock, so processes starting together on an empty database take turns.
  await database.migrate(async () => {
    if (!seed || !(await seed.isDatabaseEmpty(database.db))) return;
    const started = Date.now();
    const seeded = await seed.seedDemo(database.db, storage);
    console.log(`Seeded the demo organization: ${seeded.events} events, ${seeded.registrants} registrants (${Date.now() - started} ms).`);
  });
  if (database.kind === 'pglite') {
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
    exit: (code) => process.exit(code),
  });
  track();
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\nEO Dashboard is running at ${url}  (API docs: ${url}/docs)`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pg` : 'PostgreSQL server'}`);
  console.log(`Files: ${storage.describe()}`);
  if (seed) {
    console.log(`Sign in with one of the demo accounts, password "${seed.DEMO_PASSWORD}":`);
    for (const a of seed.DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.roles.join(', ')}${(a.roles as readonly string[]).includes('participant') ? ' (sign-in refused: no dashboard role)' : ''}`);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
