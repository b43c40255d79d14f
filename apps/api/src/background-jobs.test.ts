import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { jobs } from './db/schema/index.js';
import { enqueueJob } from './jobs/queue.js';

/**
 * JOB_WORKERS=0 is how an API process of a deployment runs (docs/operations.md): it must run no
 * job at all, not even schedule the periodic ones, which every worker does at start.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('JOB_WORKERS', () => {
  it('0: nothing scheduled, and a queued job stays queued', async () => {
    t = await createTestApp({ JOB_WORKERS: '0' });
    await sleep(300);
    expect(await t.database.db.select().from(jobs)).toEqual([]);
    await enqueueJob(t.database.db, 'certificate.publish', { certificateId: 'tidak-ada' });
    await sleep(1500);
    expect((await t.database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs))).toEqual([{ status: 'queued', attempts: 0 }]);
  });

  it('1: the worker schedules the periodic jobs and takes a queued one', async () => {
    t = await createTestApp({ JOB_WORKERS: '1' });
    await enqueueJob(t.database.db, 'certificate.publish', { certificateId: 'tidak-ada' });
    const deadline = Date.now() + 10_000;
    let rows = await t.database.db.select().from(jobs);
    while (Date.now() < deadline && !rows.some((r) => r.kind === 'certificate.publish' && r.attempts > 0)) {
      await sleep(100);
      rows = await t.database.db.select().from(jobs);
    }
    expect(rows.filter((r) => r.key !== null).length).toBeGreaterThan(0);
    expect(rows.find((r) => r.kind === 'certificate.publish')!.attempts).toBeGreaterThan(0);
  });
});
