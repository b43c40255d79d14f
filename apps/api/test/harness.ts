import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { openDatabase, type Db, type Database } from '../src/db/client.js';
import { jobs } from '../src/db/schema/index.js';
import { createScratchDatabase, testServerUrl } from './scratch-database.js';

/**
 * A fresh, migrated scratch database per test file on the test server, dropped on close: a copy
 * of the one test/global-database.ts migrated, so `migrate()` finds nothing left to run.
 */
export async function freshDatabase(): Promise<Database> {
  const scratch = await createScratchDatabase(testServerUrl(), 'eo_test', process.env.TEST_TEMPLATE_DATABASE);
  const database = await openDatabase({ url: scratch.url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config & { tmpDir: string } {
  // A DATA_DIR given is the caller's to remove; a folder made here is removed by whoever closes the app.
  const tmpDir = overrides.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'eo-api-test-'));
  const config = loadConfig({
    DATA_DIR: tmpDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PLATFORM_API_KEY: 'test-platform-key',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpDir, 'no-web'),
    // Jobs run where a test starts a worker itself (or asks for one with JOB_WORKERS).
    JOB_WORKERS: '0',
    // Suites call public routes many times from one inject address; the limit's own test lowers it.
    PUBLIC_RATE_LIMIT: '100000',
    // Proof of work as it works in production, at a cost solved in a few milliseconds.
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '4',
    // Every answer checked against its response schema (plugins/response-serializer.ts).
    NODE_ENV: 'test',
    ...overrides,
  });
  return { ...config, tmpDir };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Starts the test app listening on a free loopback port and gives its base URL: every request is
 * then its own HTTP request, so concurrent ones run in parallel transactions on separate pooled
 * connections (`app.inject` in a Promise.all would not be as concurrent).
 */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.tmpDir, { recursive: true, force: true });
    },
  };
}

/** `app.inject` with a bearer token and the parsed JSON body. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/login/email',
    payload: { email, password, platform: 'eo_dashboard' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

export async function tokenFor(app: FastifyInstance, email: string, password = 'demo-password') {
  const res = await login(app, email, password);
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.tokenData as { token: string; refreshToken: string };
}

/**
 * Waits until the app's workers (a test app started with `JOB_WORKERS: '1'`) have run every job
 * that is due: none queued for now, none running. Scheduled jobs (keyed rows) and retries
 * waiting for their backoff do not count. A test reading what a job wrote (the e-ticket mail)
 * calls it after the request that queued the job.
 */
export async function settleJobs(db: Db, timeoutMs = 10_000) {
  const busy = and(isNull(jobs.key), or(eq(jobs.status, 'running'), and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`))));
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(busy);
    if (row!.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`jobs still due or running after ${timeoutMs} ms`);
}

/** Polls `check` every 20 ms until it holds (true) or `tries` run out (false): for what another connection hears. */
export async function until(check: () => Promise<boolean>, tries = 150) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
