import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';

/**
 * vitest's global setup for the api project: the tests run on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI: the oldest supported version), else on an embedded one started here
 * for the run. Every test file makes its own scratch database on it (harness.ts).
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-test-pg-'));
  const server = await startEmbeddedPostgres(dataDir);
  process.env.TEST_DATABASE_URL = server.url;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
