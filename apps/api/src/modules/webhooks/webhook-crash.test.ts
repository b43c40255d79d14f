import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.js';
import { workerJobs } from '../../jobs/job-definition.js';
import { startWorker } from '../../jobs/queue.js';
import { call, until, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { webhookDeliverJob } from './webhook-deliver.job.js';

/**
 * A worker killed (SIGKILL) while its delivery is at the receiver, before the answer: the try was
 * never recorded, so once its lease lapses another worker sends it again, with the same
 * webhook-id and a valid signature, and records it. Delivered exactly once more, never lost.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let child: ChildProcess | undefined;
const LEASE_MS = 1500;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = (await createTeamApp({ WEBHOOK_ALLOW_PRIVATE: '1' })).t;
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await t?.close();
  await receiver?.close();
});

/** A worker process of its own, on the test's database, running the webhook job with a short lease. */
function spawnWorker(url: string) {
  const src = (p: string) => JSON.stringify(pathToFileURL(`${import.meta.dirname}/${p}`).href);
  const script = `
    import { openDatabase } from ${src('../../db/client.ts')};
    import { workerJobs } from ${src('../../jobs/job-definition.ts')};
    import { startWorker } from ${src('../../jobs/queue.ts')};
    import { webhookDeliverJob } from ${src('./webhook-deliver.job.ts')};
    const database = await openDatabase({ url: ${JSON.stringify(url)}, poolSize: 2 });
    const log = { info() {}, warn() {}, error() {} };
    startWorker({ db: database.db, ...workerJobs([webhookDeliverJob({ db: database.db, allowPrivate: true, retryBaseMs: 50 })]), log, leaseMs: ${LEASE_MS}, pollMs: 50 });
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
}

it('a worker SIGKILLed mid-delivery: the delivery is sent once more by the next worker and recorded', async () => {
  const token = (await call(t.app, { method: 'POST', url: '/v1/login/email', payload: { email: 'organizer@demo.id', password: 'demo-password', platform: 'eo_dashboard' } })).body.data.tokenData.token;
  const created = await call(t.app, { method: 'POST', url: '/v1/organization/webhooks', token, payload: { url: receiver.url, events: ['checkin.created'] } });
  const { id, secret } = created.body.data.result;

  const exited = new Promise<NodeJS.Signals | null>((resolve) => {
    child = spawnWorker(t.database.url);
    child.once('exit', (_code, signal) => resolve(signal));
  });
  // The first request arrives: kill its sender before it hears the answer.
  receiver.state.onRequest = () => {
    receiver.state.onRequest = undefined;
    child!.kill('SIGKILL');
    return exited.then(() => undefined);
  };
  const test = (await call(t.app, { method: 'POST', url: `/v1/organization/webhooks/${id}/test`, token })).body.data.result;
  expect(await exited).toBe('SIGKILL');
  child = undefined;
  const [atKill] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.id));
  expect(atKill).toMatchObject({ status: 'pending', attempts: 0 });
  expect(receiver.received).toHaveLength(1);

  // The next worker takes the job over once the dead one's lease lapses.
  const worker = startWorker({ db: t.database.db, ...workerJobs([webhookDeliverJob({ db: t.database.db, allowPrivate: true, retryBaseMs: 50 })]), log: { info() {}, warn() {}, error() {} }, leaseMs: LEASE_MS, pollMs: 100 });
  try {
    expect(await until(async () => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.id)))[0]!.status === 'delivered', 300)).toBe(true);
  } finally {
    await worker.stop();
  }
  const [after] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.id));
  expect(after).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
  // Exactly once more: two requests in all, one delivery id, both signed.
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([test.id, test.id]);
  for (const r of receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
  expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(LEASE_MS - 200);
}, 60_000);
