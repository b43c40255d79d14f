import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process on an embedded database: starts, seeds once, finishes in-flight
 * requests on SIGTERM, exits 0, and comes back on the same data intact.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-lifecycle-'));
const PORT = 3000 + 500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${PORT}`;

function start(): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', TEST_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function waitReady(output: () => string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start:\n${output()}`);
}

const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

const login = () => fetch(`${base}/v1/login/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'organizer@demo.id', password: 'demo-password', platform: 'eo_dashboard' }),
});

async function totals() {
  const { data } = (await (await login()).json()) as any;
  const res = await fetch(`${base}/v1/events/total`, { headers: { authorization: `Bearer ${data.tokenData.token}` } });
  return ((await res.json()) as any).data;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('server process (embedded database only)', () => {
  it('seeds on first start, shuts down gracefully, restarts on the same data without seeding again', async () => {
    const first = start();
    await waitReady(first.output);
    expect(first.output()).toContain('Seeded the demo organization');
    expect(first.output()).toContain('organizer@demo.id');
    const before = await totals();
    expect(before.active).toBeGreaterThanOrEqual(4);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = login();
    await new Promise((r) => setTimeout(r, 5));
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exit).toBe(0);

    const second = start();
    await waitReady(second.output);
    expect(second.output()).not.toContain('Seeded the demo organization');
    expect(await totals()).toEqual(before);

    // Under keep-alive load, a shutdown answers every started request (200, or 503 once
    // closing) and never fails one because the database closed under it.
    const { data } = (await (await login()).json()) as any;
    const headers = { authorization: `Bearer ${data.tokenData.token}` };
    const statuses: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${base}/v1/events/lists?limit=10`, { headers });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch {
          return; // the server has gone: connection refused or reset
        }
      }
    };
    const workers = Array.from({ length: 20 }, worker);
    await new Promise((r) => setTimeout(r, 400));
    const exit2 = exited(second.child);
    second.child.kill('SIGINT');
    expect(await exit2).toBe(0);
    stop = true;
    await Promise.all(workers);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(second.output()).not.toContain('request failed');
  }, 240_000);
});
