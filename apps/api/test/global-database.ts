import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { runBundleDir } from './api-bundle.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * vitest's global setup for the api project: the tests run on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI: the oldest supported version), else on an embedded one started here
 * for the run. Every test file makes its own scratch database on it (harness.ts), a copy of one
 * migrated here once (TEST_TEMPLATE_DATABASE): copying it takes a fraction of a second, running
 * the migrations in every file took seconds each.
 */
export default async function setup() {
  let stopServer = async () => undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-test-pg-'));
    const server = await startEmbeddedPostgres(dataDir);
    process.env.TEST_DATABASE_URL = server.url;
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'eo_template');
  const database = await openDatabase({ url: template.url, poolSize: 2 });
  // Its connections closed before any copy: CREATE DATABASE refuses a template in use.
  await database.migrate().finally(() => database.close()).catch(async (err: unknown) => {
    await template.drop();
    throw err;
  });
  process.env.TEST_TEMPLATE_DATABASE = new URL(template.url).pathname.slice(1);
  // Where the workers build the API bundle if a file runs real processes (api-bundle.ts).
  const bundles = runBundleDir();
  process.env.TEST_BUNDLE_DIR = bundles;
  return async () => {
    rmSync(bundles, { recursive: true, force: true });
    await template.drop();
    await stopServer();
  };
}
