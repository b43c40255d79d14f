import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { claimJob, completeJob, enqueueJob, PermanentJobError, requeueRunningJobs, startWorker, type JobHandler, type WorkerOptions } from './queue.js';

let database: Database;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const running: Array<{ stop(): Promise<void> }> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await database.db.delete(jobs);
});
afterAll(() => database.close());

function worker(handlers: Record<string, JobHandler>, opts: Partial<WorkerOptions> = {}) {
  const w = startWorker({ db: database.db, handlers, log, pollMs: 60_000, leaseMs: 5000, ...opts });
  running.push(w);
  return w;
}
const job = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function until<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}
/** `n` jobs of a kind queued in one transaction (payloads `{ n: 0 }`…), so a worker finds them all at once. */
const enqueueTogether = (kind: string, n: number) => database.db.transaction(async (tx) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await enqueueJob(tx, kind, { n: i }));
  return ids;
});
const statusIs = (id: string, status: string) => until(async () => { const j = await job(id); return j.status === status && j; }, `${id} ${status}`);

describe('job queue', () => {
  it('runs a job enqueued after the worker went to sleep, woken in-process rather than by polling', async () => {
    const seen: unknown[] = [];
    worker({ 'mail.send': async ({ job: j }) => void seen.push(j.payload) });
    await sleep(50); // the worker has looked once and sleeps for pollMs (a minute)
    const id = await enqueueJob(database.db, 'mail.send', { to: 'a@contoh.id' });
    const done = await statusIs(id, 'done');
    expect(seen).toEqual([{ to: 'a@contoh.id' }]);
    expect(done).toMatchObject({ attempts: 1, leaseUntil: null, lastError: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
  });

  it('finds a job whose enqueueing transaction commits after the wake-up', async () => {
    const seen: string[] = [];
    worker({ later: async ({ job: j }) => void seen.push(j.id) });
    await sleep(50);
    const id = await database.db.transaction(async (tx) => {
      const queued = await enqueueJob(tx, 'later', {});
      await sleep(120);
      return queued;
    });
    await statusIs(id, 'done');
    expect(seen).toEqual([id]);
  });

  it('waits for runAfter, and leaves kinds it has no handler for', async () => {
    const seen: string[] = [];
    worker({ a: async () => void seen.push('a') }, { pollMs: 30 });
    const other = await enqueueJob(database.db, 'b', {});
    const later = await enqueueJob(database.db, 'a', {}, new Date(Date.now() + 1000));
    await sleep(150);
    expect(seen).toEqual([]);
    await statusIs(later, 'done');
    expect((await job(other)).status).toBe('queued');
  });

  it('retries a failing job with growing backoff, keeping the last error, until it succeeds', async () => {
    let calls = 0;
    worker({ flaky: async () => { if (++calls < 3) throw new Error(`boom ${calls}`); } }, { pollMs: 20, backoffMs: 60_000 });
    const id = await enqueueJob(database.db, 'flaky', {});
    const queued = await until(async () => { const j = await job(id); return j.lastError ? j : undefined; }, 'first failure');
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', lockedBy: null });
    expect(queued.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Make it due now: the second try backs off twice as long.
    await database.db.update(jobs).set({ runAfter: new Date(0) }).where(eq(jobs.id, id));
    const second = await until(async () => { const j = await job(id); return j.attempts === 2 && j.status === 'queued' && j; }, 'second failure');
    expect(second.lastError).toBe('boom 2');
    expect(second.runAfter.getTime()).toBeGreaterThan(Date.now() + 110_000);
    await database.db.update(jobs).set({ runAfter: new Date(0) }).where(eq(jobs.id, id));
    expect(await statusIs(id, 'done')).toMatchObject({ attempts: 3, lastError: null });
  });

  it('fails for good after maxAttempts, and at once on a PermanentJobError', async () => {
    const last: boolean[] = [];
    worker({
      broken: async ({ lastAttempt }) => { last.push(lastAttempt); throw new Error('still broken'); },
      hopeless: async () => { throw new PermanentJobError('no such certificate'); },
    }, { pollMs: 20, backoffMs: 1, maxAttempts: 3 });
    const broken = await enqueueJob(database.db, 'broken', {});
    const hopeless = await enqueueJob(database.db, 'hopeless', {});
    expect(await statusIs(broken, 'failed')).toMatchObject({ attempts: 3, lastError: 'still broken' });
    expect(await statusIs(hopeless, 'failed')).toMatchObject({ attempts: 1, lastError: 'no such certificate' });
    expect(last).toEqual([false, false, true]);
  });

  it('takes over a job whose worker died (lease lapsed); the dead worker can no longer write', async () => {
    const id = await enqueueJob(database.db, 'resume', {});
    const dead = await claimJob(database.db, { kinds: ['resume'], workerId: 'dead', leaseMs: 800 });
    expect(dead).toMatchObject({ id, status: 'running', attempts: 1, lockedBy: 'dead' });
    // While the lease holds, nobody else gets it.
    expect(await claimJob(database.db, { kinds: ['resume'], workerId: 'other', leaseMs: 1000 })).toBeUndefined();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    worker({ resume: () => gate }, { pollMs: 25 });
    const taken = await until(async () => { const j = await job(id); return j.lockedBy !== 'dead' && j; }, 'takeover');
    expect(taken).toMatchObject({ status: 'running', attempts: 2 });
    await completeJob(database.db, dead!); // a late write from the dead worker is fenced off
    expect((await job(id)).status).toBe('running');
    release();
    await statusIs(id, 'done');
  });

  it('requeueRunningJobs (embedded restart) gives a crashed run\'s job back at once, its try still counted', async () => {
    const id = await enqueueJob(database.db, 'restart', {});
    const queued = await enqueueJob(database.db, 'restart', {}, new Date(Date.now() + 3_600_000));
    expect(await claimJob(database.db, { kinds: ['restart'], workerId: 'died-with-its-process', leaseMs: 3_600_000 })).toMatchObject({ id, attempts: 1 });
    expect(await requeueRunningJobs(database.db)).toBe(1);
    expect(await job(queued)).toMatchObject({ status: 'queued', attempts: 0 });
    const seen: number[] = [];
    worker({ restart: async ({ job: j }) => void seen.push(j.attempts) });
    expect(await statusIs(id, 'done')).toMatchObject({ attempts: 2 });
    expect(seen).toEqual([2]);
  });

  it('renews the lease of a long job, so no other worker takes it', async () => {
    let calls = 0;
    const slow: JobHandler = async () => { calls++; await sleep(1500); };
    worker({ slow }, { leaseMs: 450, pollMs: 20 });
    worker({ slow }, { leaseMs: 450, pollMs: 20 });
    const id = await enqueueJob(database.db, 'slow', {});
    expect(await statusIs(id, 'done')).toMatchObject({ attempts: 1 });
    expect(calls).toBe(1);
  });

  it('aborts a handler that lost its lease', async () => {
    let aborted: unknown;
    worker({ stuck: ({ signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve((aborted = signal.reason)))) }, { leaseMs: 90 });
    const id = await enqueueJob(database.db, 'stuck', {});
    await statusIs(id, 'running');
    await database.db.update(jobs).set({ lockedBy: 'someone-else' }).where(eq(jobs.id, id));
    await until(async () => aborted, 'abort');
    expect(String(aborted)).toContain('lease lost');
  });

  it('shares many jobs among several workers, each run exactly once', async () => {
    const runs = new Map<number, number>();
    const handler: JobHandler = async ({ job: j }) => {
      const n = (j.payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(5);
    };
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueueJob(database.db, 'many', { n })));
    for (let i = 0; i < 3; i++) worker({ many: handler }, { pollMs: 20 });
    for (const id of ids) await statusIs(id, 'done');
    expect([...runs.entries()].sort((a, b) => a[0] - b[0])).toEqual(Array.from({ length: 30 }, (_, n) => [n, 1]));
  });

  it('stop() interrupts the running job and gives it back without counting the try', async () => {
    let started = false;
    const w = worker({ long: ({ signal }) => new Promise((_, reject) => { started = true; signal.addEventListener('abort', () => reject(signal.reason)); }) });
    const id = await enqueueJob(database.db, 'long', {});
    await until(async () => started, 'start');
    await w.stop();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, leaseUntil: null, lastError: null });
    worker({ long: async () => undefined });
    expect(await statusIs(id, 'done')).toMatchObject({ attempts: 1 });
  });

  it('runs a side-by-side kind several at a time, each settled alone; stop() gives back every one', async () => {
    // Four jobs of a kind run side by side: each waits until all four have started, so one at a
    // time would never finish. One of them fails and is retried alone; the rest are done.
    let started = 0;
    let allStarted!: () => void;
    const together = new Promise<void>((r) => (allStarted = r));
    const seen: number[] = [];
    worker({
      hook: async ({ job: j }) => {
        const n = (j.payload as { n: number }).n;
        if (++started === 4) allStarted();
        await together;
        seen.push(n);
        if (n === 2 && j.attempts === 1) throw new Error('receiver said 500');
      },
    }, { sideBySide: { hook: 4 }, pollMs: 20, backoffMs: 1 });
    const ids = await enqueueTogether('hook', 4);
    for (const id of ids) await statusIs(id, 'done');
    expect(seen.sort()).toEqual([0, 1, 2, 2, 3]);
    expect((await job(ids[2]!)).attempts).toBe(2);
    expect((await job(ids[0]!)).attempts).toBe(1);

    const waiting = new Set<number>();
    const w = worker({
      hold: ({ job: j, signal }) => new Promise((_, reject) => {
        waiting.add((j.payload as { n: number }).n);
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
    }, { sideBySide: { hold: 3 } });
    const held = await enqueueTogether('hold', 3);
    await until(async () => waiting.size === 3, 'three running');
    expect(w.running()).toHaveLength(3);
    await w.stop();
    for (const id of held) expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});
