import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { openConfiguredDatabase } from '../../apps/api/src/db/open.js';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres.js';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-accounts.js';
import { drainPostgres } from './drain.js';
import { login } from './insight.js';
import { prepareRowData, scaleRows, type RowIds } from './scale-rows.js';
import { measureRows, probeRows, rowLines, type RunResult } from './scale-run.js';
import { startServer } from './server.js';
import { cpuSampler } from './cpu.js';
import { seedBigEvent } from './volume-seed.js';

/**
 * The scale bench's rows on the embedded default (the PostgreSQL server the app runs in
 * DATA_DIR/pg, no DATABASE_URL): first on the demo data the server seeds on its first start,
 * signed in as the demo organizer and the demo admin, then with a 100,000-registrant event added
 * to that organizer. The server seeds the demo and stops; the bench seeds and ANALYZEs on the
 * cluster it starts itself; then a server answers one probe per row and is timed, drained
 * between rows as on a PostgreSQL server.
 */
const ORGANIZER = { email: 'organizer@demo.id', password: DEMO_PASSWORD };
const ADMIN = { email: 'admin@demo.id', password: DEMO_PASSWORD };
export const EMBEDDED_BIG_EVENT = 100_000;

export interface EmbeddedScaleResult { demo: RunResult; big?: RunResult; bigError?: string; demoSeedSeconds: number; bigSeedSeconds?: number }

async function stop(s: Awaited<ReturnType<typeof startServer>>) {
  if (s.exitCode !== null) return;
  s.kill('SIGTERM');
  await new Promise((r) => s.once('exit', r));
}

export async function benchApiScaleEmbedded(o: { port: number; seconds: number; connections: number; env: Record<string, string> }): Promise<EmbeddedScaleResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-scale-embedded-'));
  const env = { ...o.env, DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_MAX_FAILURES_PER_IP: '100000', PUBLIC_RATE_LIMIT: '100000000', NODE_ENV: 'benchmark' };
  const inProcess = async <T>(fn: (d: Database) => Promise<T>): Promise<T> => {
    const d = await openConfiguredDatabase({ dataDir }, { attach: true, log: () => undefined });
    try {
      return await fn(d);
    } finally {
      await d.close();
    }
  };
  try {
    const t0 = performance.now();
    await stop(await startServer({ ...env, SEED_DEMO: '1' }, o.port, { timeoutMs: 300_000 }));
    const demoSeedSeconds = (performance.now() - t0) / 1000;
    const demoIds = await inProcess(async (d) => {
      const ids = await prepareRowData(d.db, ORGANIZER.email);
      await d.db.execute(sql`vacuum analyze`);
      return ids;
    });
    const demo = await runEmbedded(o, env, demoIds, `embedded PostgreSQL, demo data`);
    let big: RunResult | undefined;
    let bigError: string | undefined;
    let bigSeedSeconds: number | undefined;
    try {
      const t1 = performance.now();
      const bigIds = await inProcess(async (d) => {
        await seedBigEvent(d.db, { organizerEmail: ORGANIZER.email, registrants: EMBEDDED_BIG_EVENT });
        const ids = await prepareRowData(d.db, ORGANIZER.email);
        await d.db.execute(sql`vacuum analyze`);
        return ids;
      });
      bigSeedSeconds = (performance.now() - t1) / 1000;
      big = await runEmbedded(o, env, bigIds, `embedded PostgreSQL, demo + ${EMBEDDED_BIG_EVENT.toLocaleString('en')}-registrant event`);
    } catch (err) {
      bigError = (err as Error).message;
    }
    return { demo, big, bigError, demoSeedSeconds, bigSeedSeconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runEmbedded(
  o: { port: number; seconds: number; connections: number }, env: Record<string, string>, ids: RowIds, label: string,
): Promise<RunResult> {
  const dataDir = env.DATA_DIR!;
  const rows = scaleRows(ids);
  const base = `http://127.0.0.1:${o.port}`;
  const server = await startServer(env, o.port);
  try {
    const tokens = { organizer: await login(base, ORGANIZER), admin: await login(base, ADMIN), public: undefined };
    const probes = await probeRows(base, rows, tokens);
    console.log(`\n[${label}] row by row (${rows.length} rows; shares of the bare route measured before them, the summary after uses the faster of that and one after them):`);
    const { url } = await startEmbeddedPostgres(dataDir, { attach: true });
    return await measureRows({
      label, base, probes, tokens, seconds: o.seconds, connections: o.connections, drain: () => drainPostgres(url),
      cpu: cpuSampler(server.pid, true),
      onRow: (r) => rowLines(r).forEach((line) => console.log(line)),
    });
  } finally {
    await stop(server);
  }
}
