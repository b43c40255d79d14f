import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { memberships, tickets, webhookDeliveries, webhookEndpoints } from '../../apps/api/src/db/schema/index.js';
import { workerJobs } from '../../apps/api/src/jobs/job-definition.js';
import { startWorker } from '../../apps/api/src/jobs/queue.js';
import { silentLog } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import { webhookDeliverJob } from '../../apps/api/src/modules/webhooks/webhook-deliver.job.js';
import { newWebhookSecret } from '../../apps/api/src/modules/webhooks/webhooks.service.js';
import { createEvent, createUsers, PlatformService, simpleEvent } from '../../apps/api/test/fixtures.js';

/**
 * Webhooks (PostgreSQL): what the outbox adds to a registration, and how fast deliveries drain.
 * - 10,000 registrations through the real registration statement, 20 at a time, on an event of
 *   an organization with no webhook and on one of an organization with one endpoint subscribed
 *   to `registration.created` (each registration then also writes its delivery and its job), in
 *   alternating halves so both see the same database state; no worker runs meanwhile.
 * - The 10,000 deliveries then drain to a receiver in this process (node:http on loopback,
 *   answering 204) with WORKERS workers of the real `webhook.deliver` job: signing, the address
 *   check, the POST and the recording of each try.
 */
export interface WebhookBenchResult {
  registrations: number;
  none: { seconds: number; perSecond: number; meanMs: number };
  withEndpoint: { seconds: number; perSecond: number; meanMs: number };
  addedPercent: number;
  drain: { deliveries: number; workers: number; seconds: number; perSecond: number; received: number };
}

const CLIENTS = 20;
/** A worker process's JOB_WORKERS; BENCH_WEBHOOK_WORKERS sets it. */
const WORKERS = Number(process.env.BENCH_WEBHOOK_WORKERS ?? 4);

async function registerMany(platform: PlatformService, eventId: string, ticketId: string, from: number, n: number, tag: string) {
  let next = from;
  let totalMs = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    for (;;) {
      const i = next++;
      if (i >= from + n) return;
      const s = performance.now();
      await platform.register(eventId, { ticketId, participant: { name: `Peserta ${i}`, email: `${tag}${i}@contoh.id`, lastEducation: 'S1', gender: 'Perempuan' } }, new Date(), { mailTicket: false });
      totalMs += performance.now() - s;
    }
  }));
  return { ms: performance.now() - t0, totalMs };
}

export async function benchWebhooks(database: Database, total = 10_000): Promise<WebhookBenchResult> {
  const db = database.db;
  await database.migrate();
  const { org1, org2 } = await createUsers(db);
  const platform = new PlatformService(db);
  const eventOf = async (creator: string, name: string) => {
    const id = await createEvent(db, creator, simpleEvent(name, { days: 10, quota: total * 2 }));
    return { id, ticketId: (await db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id };
  };
  const plain = await eventOf(org1, 'Tanpa Webhook');
  const hooked = await eventOf(org2, 'Dengan Webhook');

  const received = { n: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.n++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const organizationId = (await db.query.memberships.findFirst({ where: eq(memberships.userId, org2) }))!.organizationId;
  await db.insert(webhookEndpoints).values({ organizationId, url: `http://127.0.0.1:${port}/kait`, events: ['registration.created'], secret: newWebhookSecret() });

  // Warm both paths (plans, pool), then alternate halves.
  await registerMany(platform, plain.id, plain.ticketId, 0, 200, 'pemanasan-a');
  await registerMany(platform, hooked.id, hooked.ticketId, 0, 200, 'pemanasan-b');
  await db.delete(webhookDeliveries);
  await db.execute(sql`delete from jobs where kind = 'webhook.deliver'`);
  const none = { ms: 0, totalMs: 0 };
  const withEndpoint = { ms: 0, totalMs: 0 };
  const half = total / 2;
  for (const round of [0, 1]) {
    const a = await registerMany(platform, plain.id, plain.ticketId, round * half, half, 'tanpa');
    const b = await registerMany(platform, hooked.id, hooked.ticketId, round * half, half, 'dengan');
    none.ms += a.ms; none.totalMs += a.totalMs;
    withEndpoint.ms += b.ms; withEndpoint.totalMs += b.totalMs;
  }
  const [queued] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));

  const t0 = performance.now();
  const workers = Array.from({ length: WORKERS }, () => startWorker({
    db, log: silentLog, pollMs: 100, ...workerJobs([webhookDeliverJob({ db, allowPrivate: true, retryBaseMs: 30_000 })]),
  }));
  try {
    for (;;) {
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    server.close();
  }
  const drainSeconds = (performance.now() - t0) / 1000;
  const stat = (x: { ms: number; totalMs: number }) => ({ seconds: x.ms / 1000, perSecond: total / (x.ms / 1000), meanMs: x.totalMs / total });
  return {
    registrations: total,
    none: stat(none),
    withEndpoint: stat(withEndpoint),
    addedPercent: (100 * (withEndpoint.ms - none.ms)) / none.ms,
    drain: { deliveries: queued!.n, workers: WORKERS, seconds: drainSeconds, perSecond: queued!.n / drainSeconds, received: received.n },
  };
}

export function printWebhooks(label: string, r: WebhookBenchResult) {
  const row = (name: string, x: WebhookBenchResult['none']) => `  ${name}: ${x.seconds.toFixed(1)} s · ${x.perSecond.toFixed(0)} registrations/s · mean ${x.meanMs.toFixed(1)} ms`;
  console.log(`\n[${label}] webhooks: ${r.registrations.toLocaleString('en')} registrations each, ${CLIENTS} at a time`);
  console.log(row('no endpoint', r.none));
  console.log(row('one endpoint (delivery + job written with each)', r.withEndpoint));
  console.log(`  added to the registration path: ${r.addedPercent.toFixed(1)}% (target ≤ 15%)`);
  console.log(`[${label}] webhook deliveries draining to a local receiver, ${r.drain.workers} workers: ${r.drain.deliveries.toLocaleString('en')} in ${r.drain.seconds.toFixed(1)} s · ${r.drain.perSecond.toFixed(0)} deliveries/s (target ≥ 200/s) · ${r.drain.received.toLocaleString('en')} requests received`);
}
