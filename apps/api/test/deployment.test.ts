import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import type { Database } from '../src/db/client.js';
import { events, jobs, tickets } from '../src/db/schema/index.js';
import { bucketNames } from '../src/backup/bucket-files.js';
import { parseStorageUrl } from '../src/config/storage-url.js';
import { bundleDir } from './api-bundle.js';
import { NGINX_WORKER_PROCESSES, nginxMain, nginxSite, readUnit } from './deployment-files.js';
import { createEvent, createUsers, seatsLeftOf, simpleEvent } from './fixtures.js';
import { TICKET_PRICE } from './money.js';
import {
  certificateOutput, createWorld, finishedPublishJob, JWT_SECRET, PLATFORM_KEY, pollCertificate, pool, publishCertificate, serials, sleep, upload, type World,
} from './real-server-world.js';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from './s3-server.js';
import {
  signIn, startBackgroundProcess, startServer, type BackgroundProcess, type ServerProcess,
} from './server-process.js';

/**
 * The deployment of docs/operations.md, run as written: the production bundle, two API processes
 * and one worker started from deploy/systemd's units, nginx from Debian with deploy/nginx.conf on
 * loopback, one PostgreSQL database. Everything below goes through nginx, which says in
 * X-Upstream which process answered.
 */
/**
 * A unit's arguments run from this run's own copy of the bundle (api-bundle.ts), where the unit
 * says apps/api/dist: an e2e server may be running from dist beside this test.
 */
const fromBundle = (args: string[]) => args.map((a) => a.replace(/^(\.\/)?apps\/api\/dist\//, `${bundleDir()}/`));
const ORGANIZER = 'organizer@demo.id';
const LEASE_SECONDS = 3;
const RATE_LIMIT = 5;
const hasNginx = spawnSync('nginx', ['-v']).status === 0;

let world: World;
let database: Database;
let api: ServerProcess[] = [];
let worker: BackgroundProcess | undefined;
let nginx: ChildProcess | undefined;
let nginxDir: string;
let nginxPort: number;
let base: string;
let token: string;

/**
 * Files in object storage (a real S3-protocol server, s3rver), as a deployment over several
 * machines keeps them: STORAGE_URL for every process, and a DATA_DIR of each process's own
 * (nothing shared on disk; the worker's holds its mail outbox).
 */
let s3: S3TestServer;
const dataDirs = new Map<string, string>();
function dataDirOf(name: string): string {
  if (!dataDirs.has(name)) dataDirs.set(name, mkdtempSync(path.join(tmpdir(), `eo-deploy-${name}-`)));
  return dataDirs.get(name)!;
}
const workerDataDir = () => dataDirOf('worker');
/** A certificate's generated files, listed in the bucket (none is on any process's disk). */
async function certificateObjects(certificateId: string) {
  const under = `certificates/${certificateId}/`;
  const names = (await bucketNames(parseStorageUrl(s3.url, S3RVER_CREDENTIALS).location!)).filter((n) => n.startsWith(under)).map((n) => n.slice(under.length));
  return { png: names.filter((n) => n.endsWith('.png')).map((n) => n.slice(0, -4)).sort(), others: names.filter((n) => !/\.(png|pdf)$/.test(n)) };
}

/** The site's /etc/eo-dashboard.env (EnvironmentFile of both units). */
const siteEnv = () => ({
  DATABASE_URL: world.databaseUrl!, JWT_SECRET, PLATFORM_API_KEY: PLATFORM_KEY, SEED_DEMO: '0', LOG_LEVEL: 'warn',
  PUBLIC_URL: base, JOB_LEASE_SECONDS: String(LEASE_SECONDS), PUBLIC_RATE_LIMIT: String(RATE_LIMIT), ...s3.env,
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function apiProcess(port: number): Promise<ServerProcess> {
  const unit = readUnit('eo-api@.service', String(port));
  return startServer({ dataDir: dataDirOf(`api-${port}`), databaseUrl: world.databaseUrl, args: fromBundle(unit.args), env: { ...siteEnv(), ...unit.env } });
}

function workerProcess(): Promise<BackgroundProcess> {
  const unit = readUnit('eo-worker.service');
  return startBackgroundProcess({
    dataDir: workerDataDir(), databaseUrl: world.databaseUrl, args: fromBundle(unit.args), ready: /worker process started/,
    // Info: its start and stop lines are what this test reads.
    env: { ...siteEnv(), ...unit.env, LOG_LEVEL: 'info' },
  });
}

/** Writes nginx's configuration (one API process possibly `down`) and makes nginx load it. */
async function configureNginx(down?: number) {
  const ports = api.map((s) => s.port) as [number, number];
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMain(nginxSite(nginxPort, ports, down), nginxDir));
  if (nginx) {
    nginx.kill('SIGHUP');
    // The new workers answer once the configuration is loaded; the old ones finish what they have.
    await until(async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) seen.add(await upstreamOf('/healthz'));
      return down ? !seen.has(`127.0.0.1:${down}`) : seen.size === 2;
    });
    // ...by the old configuration: a request an old worker had taken just before the reload may
    // still go to the process being taken out. Only once they have exited may it stop (a POST it
    // accepted but had not read when it stopped listening would come back 502, never resent).
    await until(async () => childrenOf(nginx!.pid!).length === NGINX_WORKER_PROCESSES);
    return;
  }
  nginx = spawn('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', `daemon off; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log warn;`], { stdio: 'inherit' });
  await until(async () => (await send('/healthz')).status === 200);
}

async function until(ok: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

const upstreamOf = async (pathname: string) => (await send(pathname)).upstream;

/** The pids whose parent is `pid` (from /proc: Linux, as the deployment is). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      // comm may hold spaces and parentheses: the fields after its closing one are fixed.
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      return Number(fields[1]) === pid ? [Number(d)] : [];
    } catch {
      return []; // gone meanwhile
    }
  });
}

/**
 * One request on a connection of its own (no keep-alive: an idle connection to an nginx worker
 * being replaced by a reload may close under a request, which is the client's race, not ours),
 * optionally from another loopback address. Resolves with the status, or the error's code.
 */
function send(pathname: string, opts: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {}) {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise<{ status: number | string; upstream: string; json: any }>((resolve) => {
    const req = http.request(`${base}${pathname}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'), agent: false, localAddress: opts.from,
      headers: { connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, upstream: String(res.headers['x-upstream'] ?? ''), json: text.startsWith('{') ? JSON.parse(text) : text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? e.message, upstream: '', json: undefined }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? e.message, upstream: '', json: undefined }));
    req.end(body);
  });
}

const register = (eventId: string, ticketId: string, tag: string) => send(`/v1/platform/events/${eventId}/registrations`, {
  headers: { 'x-platform-key': PLATFORM_KEY }, body: { ticketId, participant: { name: `Peserta ${tag}`, email: `${tag}@contoh.id` } },
});

async function eventWithTicket(name: string, opts: { days: number; price?: number; quota?: number }) {
  const { org1 } = await createUsersOnce();
  const eventId = await createEvent(database.db, org1, simpleEvent(name, opts));
  const [ticket] = await database.db.select().from(tickets).where(eq(tickets.eventId, eventId));
  return { eventId, ticketId: ticket!.id };
}
let users: ReturnType<typeof createUsers> | undefined;
const createUsersOnce = () => (users ??= createUsers(database.db));

describe.skipIf(!process.env.TEST_SLOW || !process.env.TEST_DATABASE_URL || !hasNginx)('deployment: the bundle, two API processes and a worker behind nginx', () => {
  beforeAll(async () => {
    world = await createWorld('deploy');
    s3 = await startS3Server();
    nginxDir = mkdtempSync(path.join(tmpdir(), 'eo-nginx-'));
    // nginx's workers run as `nobody` when the master is root: they write their temp files here.
    chmodSync(nginxDir, 0o755);
    nginxPort = await freePort();
    base = `http://127.0.0.1:${nginxPort}`;
    const ports = [await freePort(), await freePort()];
    // Both started together on the empty database: they migrate it in turn (the advisory lock).
    api = await Promise.all(ports.map(apiProcess));
    database = await world.open();
    // JOB_WORKERS=0: no worker, so not even the scheduled jobs' rows, which every worker makes at start.
    expect(await database.db.select().from(jobs)).toEqual([]);
    worker = await workerProcess();
    // …which the worker does, just after it has started.
    await until(async () => (await database.db.select({ kind: jobs.kind }).from(jobs)).length > 0);
    await configureNginx();
    await createUsersOnce();
    token = await signIn(base, ORGANIZER);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all([...api.map((s) => s.kill()), worker?.kill()]);
    await database?.close();
    await world?.remove();
    await s3?.stop();
    for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
    rmSync(nginxDir, { recursive: true, force: true });
  });

  it('signs in on one process and refreshes the session on the other', async () => {
    for (let attempt = 0; ; attempt++) {
      const login = await send('/v1/login/email', { body: { email: ORGANIZER, password: 'demo-password', platform: 'eo_dashboard' } });
      expect(login.status).toBe(200);
      const refresh = await send('/v1/login/refresh', { body: { refreshToken: login.json.data.tokenData.refreshToken } });
      expect(refresh.status).toBe(200);
      expect(refresh.json.data.tokenData.token).toEqual(expect.any(String));
      if (refresh.upstream !== login.upstream) break;
      expect(attempt).toBeLessThan(10);
    }
  });

  it('an upload through one process is read through the other', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 12, g: 120, b: 200 } } }).png().toBuffer();
    const url = new URL(await upload(base, token, 'CertificateTemplate', 'template.png', 'image/png', png), base).pathname;
    const owners = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
      owners.add(res.headers.get('x-upstream')!);
    }
    expect(owners.size).toBe(2);
  });

  it('intake through both processes sells exactly the quota; the rest are refused as sold out', async () => {
    const quota = 40;
    const { eventId, ticketId } = await eventWithTicket('Kursi Terbatas', { days: 10, price: TICKET_PRICE, quota });
    const results = await pool(100, 16, (i) => register(eventId, ticketId, `intake${i}`));
    expect(results.filter((r) => r.status === 201)).toHaveLength(quota);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.json?.messageId])).toEqual(refused.map(() => [409, MESSAGE_ID.ticketSoldOut]));
    expect(new Set(results.map((r) => r.upstream)).size).toBe(2);
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.quota).toBe(0);
  });

  it('the rate limits see the client\'s address through nginx (TRUST_PROXY), not nginx\'s', async () => {
    const verify = (from: string, headers?: Record<string, string>) => send('/v1/certificates/verify/TIDAK-ADA-1', { from, headers });
    // Two processes, each counting RATE_LIMIT per address: 3× that from one address is refused in part.
    const first = await pool(RATE_LIMIT * 3, 1, () => verify('127.0.0.2'));
    expect(first.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(first.filter((r) => r.status !== 429).every((r) => typeof r.status === 'number' && r.status < 500)).toBe(true);
    // Another client is not held back by the first one's count…
    expect((await verify('127.0.0.3')).status).not.toBe(429);
    // …and the first cannot pass for another by sending X-Forwarded-For itself: nginx writes it.
    const spoofed = await pool(4, 1, () => verify('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' }));
    expect(spoofed.map((r) => r.status)).toEqual([429, 429, 429, 429]);
  });

  it('a certificate batch is published by the worker, every recipient mailed once', async () => {
    const { eventId } = await eventWithTicket('Seminar Penerapan', { days: -2 });
    await database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
    const n = 12;
    const id = await publishCertificate(base, token, eventId, n, 'TERBIT');
    const done = await pollCertificate(base, token, id, (s) => s.status !== 'publishing', 90_000, 250);
    expect(done).toMatchObject({ status: 'published', progress: { done: n, total: n, failed: 0 } });
    const job = await finishedPublishJob(database.db, id);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(job!.lockedBy).toMatch(new RegExp(`^worker-${worker!.child.pid}-`));
    expect((await certificateOutput(workerDataDir(), id, 'TERBIT')).mailedSerials).toEqual(serials('TERBIT', n));
  }, 120_000);

  it('rolling restart of both API processes under load: no request fails', async () => {
    const { eventId, ticketId } = await eventWithTicket('Konser Bergilir', { days: 10, quota: 100_000 });
    const auth = { authorization: `Bearer ${token}` };
    const failures: string[] = [];
    const served = { get: 0, post: 0 };
    let running = true;
    let n = 0;
    const load = Array.from({ length: 6 }, async (_, lane) => {
      while (running) {
        const i = n++;
        const res = lane % 2
          ? await register(eventId, ticketId, `bergilir${i}`)
          : await send(`/v1/transactions/eo/coin?eventId=${eventId}`, { headers: auth });
        const expected = lane % 2 ? 201 : 200;
        if (res.status === expected) served[lane % 2 ? 'post' : 'get']++;
        else failures.push(`${lane % 2 ? 'POST' : 'GET'} → ${res.status} ${String(JSON.stringify(res.json)).slice(0, 200)}`);
      }
    });
    try {
      for (const i of [0, 1]) {
        const before = served.get + served.post;
        // docs/operations.md's procedure: out of nginx, SIGTERM (it finishes what it has), started again, back in.
        await configureNginx(api[i]!.port);
        expect(await api[i]!.stop('SIGTERM')).toBe(0);
        api[i] = await api[i]!.restart();
        await configureNginx();
        expect(served.get + served.post).toBeGreaterThan(before);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    console.log(`[deployment] rolling restart: ${served.get} GET and ${served.post} POST served, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(served.post).toBeGreaterThan(20);
    expect(100000 - (await seatsLeftOf(database.db, ticketId))).toBe(served.post);
  }, 120_000);

  it('the worker SIGKILLed mid-batch: no API process takes the job; a new worker resumes it after the lease, and gives it back at once on SIGTERM', async () => {
    const { eventId } = await eventWithTicket('Seminar Terputus', { days: -2 });
    await database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
    const n = 40;
    const prefix = 'PUTUS';
    const id = await publishCertificate(base, token, eventId, n, prefix);
    const mid = await pollCertificate(base, token, id, (s) => s.progress.done >= n / 8 || s.status !== 'publishing', 90_000, 50);
    expect(mid.status).toBe('publishing');
    await worker!.kill();
    const killedAt = (await certificateOutput(workerDataDir(), id, prefix)).mailedSerials.length;
    expect(killedAt).toBeLessThan(n);

    // Twice the lease with no worker: the API processes (JOB_WORKERS=0) leave the lapsed job alone.
    await sleep(2 * LEASE_SECONDS * 1000);
    const [stalled] = await database.db.select().from(jobs).where(sql`${jobs.payload}->>'certificateId' = ${id}`);
    expect(stalled).toMatchObject({ status: 'running', attempts: 1 });

    worker = await workerProcess();
    // This one gets SIGTERM halfway: it gives the job back to the queue at once, its try not counted.
    const half = await pollCertificate(base, token, id, (s) => s.progress.done >= n / 2 || s.status !== 'publishing', 120_000, 50);
    expect(half.status).toBe('publishing');
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(worker.output()).toMatch(/giving the running jobs back to the queue/);
    const [released] = await database.db.select().from(jobs).where(sql`${jobs.payload}->>'certificateId' = ${id}`);
    expect(released).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null });

    worker = await workerProcess();
    const done = await pollCertificate(base, token, id, (s) => s.status !== 'publishing', 120_000, 250);
    expect(done).toMatchObject({ status: 'published', progress: { done: n, total: n, failed: 0 } });
    const job = await finishedPublishJob(database.db, id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job!.lockedBy).toMatch(new RegExp(`^worker-${worker.child.pid}-`));
    const out = await certificateOutput(workerDataDir(), id, prefix);
    expect(out.mailedSerials).toEqual(serials(prefix, n));
    const stored = await certificateObjects(id);
    expect(stored.png).toEqual(serials(prefix, n));
    expect(stored.others).toEqual([]);
    console.log(`[deployment] worker killed at ${killedAt}/${n} mailed, the next one stopped at ${half.progress.done}/${n}; a third finished the batch`);

    // A clean stop says so and gives nothing up halfway.
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(worker.output()).toMatch(/worker process stopped/);
    worker = undefined;
  }, 180_000);
});
