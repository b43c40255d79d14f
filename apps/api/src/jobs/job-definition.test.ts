import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { enqueue, workerJobs, type JobDefinition } from './job-definition.js';
import { scheduleJob, startWorker } from './queue.js';

let database: Database;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const running: Array<{ stop(): Promise<void> }> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rows = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));
async function until(probe: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await probe()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await database.db.delete(jobs);
});
afterAll(() => database.close());

const greet = (seen: string[]): JobDefinition<{ name: string }> => ({
  id: 'test.greet',
  payload: z.object({ name: z.string().min(1) }),
  handler: async ({ name }) => { seen.push(name); },
});

describe('job definitions', () => {
  it('enqueueing checks the payload against the schema: a refused one is never queued', async () => {
    expect(() => enqueue(database.db, greet([]), { name: '' })).toThrow();
    expect(await rows('test.greet')).toEqual([]);
  });

  it('the worker dispatches by id with the parsed payload; a payload its schema refuses fails at once', async () => {
    const seen: string[] = [];
    const w = startWorker({ db: database.db, ...workerJobs([greet(seen)]), log, pollMs: 20 });
    running.push(w);
    const ok = await enqueue(database.db, greet(seen), { name: 'Ani' });
    const [bad] = await database.db.insert(jobs).values({ kind: 'test.greet', payload: { name: 42 } }).returning();
    await until(async () => (await rows('test.greet')).every((j) => j.status === 'done' || j.status === 'failed'), 'both settled');
    const byId = new Map((await rows('test.greet')).map((j) => [j.id, j]));
    expect(byId.get(ok)!.status).toBe('done');
    expect(byId.get(bad!.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(seen).toEqual(['Ani']);
  });

  it('a scheduled job is one row for all processes, run by one worker, and queued again after each run', async () => {
    let runs = 0;
    const tick: JobDefinition<Record<string, never>> = {
      id: 'test.tick', payload: z.object({}).strict() as z.ZodType<Record<string, never>>, everyMs: 60_000,
      handler: async () => { runs++; },
    };
    // Two "processes" schedule it at start; a third schedules it again while it waits.
    for (let i = 0; i < 2; i++) running.push(startWorker({ db: database.db, ...workerJobs([tick]), log, pollMs: 20 }));
    await until(async () => runs === 1 && (await rows('test.tick'))[0]?.status === 'queued', 'the first run');
    await scheduleJob(database.db, 'test.tick');
    await sleep(200);
    const [row] = await rows('test.tick');
    expect(runs).toBe(1);
    expect(await rows('test.tick')).toHaveLength(1);
    expect(row).toMatchObject({ key: 'test.tick', status: 'queued', attempts: 0 });
    expect(row!.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
