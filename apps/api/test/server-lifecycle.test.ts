import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopOrphanedPostgres } from '../src/db/embedded-postgres.js';
import { request, signIn, startServer, type ServerProcess } from './server-process.js';
import { DEMO_ACCOUNTS, DEMO_MEMBERS } from '../src/seed/demo-accounts.js';

/**
 * The real server process on an embedded database: starts, seeds once, finishes in-flight
 * requests on SIGTERM, exits 0, and comes back on the same data intact.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-lifecycle-'));
let server: ServerProcess | undefined;

const login = (base: string) => fetch(`${base}/v1/login/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'organizer@demo.id', password: 'demo-password', platform: 'eo_dashboard' }),
});

async function totals(base: string) {
  return (await request(base, '/v1/events/total', { token: await signIn(base, 'organizer@demo.id') })).body.data;
}

afterAll(async () => {
  await server?.kill();
  await stopOrphanedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process on the embedded database', () => {
  it('seeds on first start, shuts down gracefully, restarts on the same data without seeding again', async () => {
    const first = server = await startServer({ dataDir });
    expect(first.output()).toContain('Seeded the demo organization');
    // The banner names every demo account, the committee's staff and finance members too.
    for (const { email } of [...DEMO_ACCOUNTS, ...DEMO_MEMBERS]) expect(first.output()).toContain(email);
    const before = await totals(first.base);
    expect(before.active).toBeGreaterThanOrEqual(4);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = login(first.base);
    await new Promise((r) => setTimeout(r, 5));
    const exit = first.stop('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exit).toBe(0);

    const second = server = await first.restart();
    expect(second.output()).not.toContain('Seeded the demo organization');
    expect(await totals(second.base)).toEqual(before);

    // Under keep-alive load, a shutdown answers every started request (200, or 503 once
    // closing) and never fails one because the database closed under it.
    const headers = { authorization: `Bearer ${await signIn(second.base, 'organizer@demo.id')}` };
    const statuses: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${second.base}/v1/events/lists?limit=10`, { headers });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch {
          return; // the server has gone: connection refused or reset
        }
      }
    };
    const workers = Array.from({ length: 20 }, worker);
    // Shut down once the load is under way: a fixed 400 ms gave 9 answers on two busy cores.
    while (statuses.length < 25) await new Promise((r) => setTimeout(r, 20));
    expect(await second.stop('SIGINT')).toBe(0);
    stop = true;
    await Promise.all(workers);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(second.output()).not.toContain('request failed');
  }, 240_000);
});
