import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { bundleArgs } from './api-bundle.js';
import { createScratchDatabase, testServerUrl } from './scratch-database.js';

/** What the backup tests share: scratch databases on the test server, and what they compare. */
export const serverUrl = testServerUrl();

export function scratch(prefix = 'eo_bak') {
  return createScratchDatabase(serverUrl, prefix);
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Row count of every table of schema public, and of drizzle's migrations table. */
export async function tableCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(url, `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await client.query<{ n: number }>(`select count(*)::int as n from public."${name}"`)).rows[0].n;
    counts['drizzle.__drizzle_migrations'] = (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
    return counts;
  } finally {
    await client.end();
  }
}

/** How many relations schema public holds, and 1 if drizzle's migrations table exists: [0, 0] for a database nothing was written to. */
export async function written(url: string): Promise<[number, number]> {
  const [r] = await query<{ relations: number; migrations: boolean }>(url, `select
    (select count(*)::int from pg_class where relnamespace = 'public'::regnamespace) as relations,
    to_regclass('drizzle.__drizzle_migrations') is not null as migrations`);
  return [r.relations, r.migrations ? 1 : 0];
}

/** SHA-256 of every file a backup carries (uploads, certificates, outbox, jwt secret), by path relative to DATA_DIR. */
export function checksums(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const full = path.join(dataDir, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const e of readdirSync(full)) walk(`${rel}/${e}`);
    else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  };
  for (const e of ['files', 'outbox', 'jwt-secret']) walk(e);
  return out;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** The real CLI, as the bundle ships it, in its own process; its exit code and everything it printed. */
export function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...bundleArgs('cli'), ...args], {
    cwd: root, env: { ...process.env, TEST_DATABASE_URL: '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })));
}
