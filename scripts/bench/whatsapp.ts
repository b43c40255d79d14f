import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { events, messages, whatsappMessages } from '../../apps/api/src/db/schema/index.js';
import { loadConfig } from '../../apps/api/src/config/env.js';
import { workerJobs } from '../../apps/api/src/jobs/job-definition.js';
import { startWorker } from '../../apps/api/src/jobs/queue.js';
import { silentLog } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import { sendWhatsAppJob } from '../../apps/api/src/modules/whatsapp/send-whatsapp.job.js';
import { WhatsAppOutbox } from '../../apps/api/src/modules/whatsapp/whatsapp-outbox.service.js';
import { startCloudApiServer } from '../../apps/api/test/cloud-api-server.js';
import { createEvent, createUsers, simpleEvent } from '../../apps/api/test/fixtures.js';

/**
 * WhatsApp: an H-1 reminder to 5,000 participants who asked for WhatsApp, queued as the reminder
 * job queues it, then sent by the real `whatsapp.send` job with one worker at WHATSAPP_RATE (the
 * default, 20/s, unless BENCH_WHATSAPP_RATE says otherwise) to a local server that speaks the
 * Cloud API's protocol and answers after BENCH_WHATSAPP_LATENCY_MS (80). What is measured: the
 * time to drain, the rate the server saw (overall and its busiest second), and RSS sampled every
 * 250 ms, its level after each further 1,000 sent: flat when nothing accumulates per message.
 */
export interface WhatsAppBenchResult {
  messages: number; ratePerSecond: number; latencyMs: number; seconds: number; perSecond: number; busiestSecond: number;
  received: number; failed: number; idleRssMb: number; peakRssMb: number; rssByThousandMb: number[];
}

const MB = 1024 * 1024;

export async function benchWhatsApp(database: Database, n = 5000): Promise<WhatsAppBenchResult> {
  const db = database.db;
  await database.migrate();
  const rate = Number(process.env.BENCH_WHATSAPP_RATE ?? 20);
  const latencyMs = Number(process.env.BENCH_WHATSAPP_LATENCY_MS ?? 80);
  const cloud = await startCloudApiServer();
  cloud.delayMs = latencyMs;
  const cfg = loadConfig({ DATA_DIR: '/nonexistent-bench', JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnop', ...cloud.env(), WHATSAPP_RATE: String(rate) }).whatsapp!;
  const { org1 } = await createUsers(db);
  const eventId = await createEvent(db, org1, simpleEvent('Webinar Pengingat', { days: 3 }));
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, phone_number, whatsapp_opt_in)
    select ${eventId}::uuid, (select id from tickets where event_id = ${eventId}::uuid order by position limit 1),
      'Peserta ' || g, 'wa' || g || '@contoh.id', '0812' || lpad(g::text, 7, '0'), true
    from generate_series(1, ${n}) g`);
  const [event] = await db.select({ organizationId: events.organizationId, startAt: events.firstEventAt }).from(events).where(eq(events.id, eventId));
  const [reminder] = await db.insert(messages).values({
    eventId, organizationId: event!.organizationId, kind: 'reminderDay', subject: 'Besok', body: 'Halo {nama}', audience: { attendance: 'all' }, status: 'sending', sendAt: sql`now()`,
  }).returning({ id: messages.id });

  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const rssByThousand: number[] = [];
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    if (cloud.sent.length >= (rssByThousand.length + 1) * 1000) rssByThousand.push(rss / MB);
  }, 250);
  const worker = startWorker({ db, log: silentLog, pollMs: 200, ...workerJobs([sendWhatsAppJob({ db, cfg })]) });
  const t0 = performance.now();
  try {
    const queued = await new WhatsAppOutbox(cfg, 'https://eo.bench').reminder(db, { messageId: reminder!.id, eventId, kind: 'reminderDay', startAt: event!.startAt });
    if (queued !== n) throw new Error(`queued ${queued} of ${n}`);
    for (;;) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(whatsappMessages).where(sql`${whatsappMessages.status} = 'queued'`);
      if (row!.n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    clearInterval(sampler);
    await worker.stop();
    await cloud.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const perSecondBuckets = new Map<number, number>();
  for (const r of cloud.requests) perSecondBuckets.set(Math.floor(r.at / 1000), (perSecondBuckets.get(Math.floor(r.at / 1000)) ?? 0) + 1);
  const [failed] = await db.select({ n: sql<number>`count(*)::int` }).from(whatsappMessages).where(sql`${whatsappMessages.status} = 'failed'`);
  return {
    messages: n, ratePerSecond: rate, latencyMs, seconds, perSecond: cloud.sent.length / seconds, busiestSecond: Math.max(...perSecondBuckets.values()),
    received: cloud.sent.length, failed: failed!.n, idleRssMb: idle / MB, peakRssMb: peak / MB, rssByThousandMb: rssByThousand,
  };
}

export function printWhatsApp(label: string, r: WhatsAppBenchResult) {
  console.log(`[${label}] WhatsApp H-1 reminder to ${r.messages.toLocaleString('en')} at WHATSAPP_RATE ${r.ratePerSecond}/s, Cloud API answering in ${r.latencyMs} ms: drained in ${r.seconds.toFixed(1)} s · ${r.perSecond.toFixed(1)} messages/s · busiest second ${r.busiestSecond} · ${r.received.toLocaleString('en')} received, ${r.failed} failed`);
  console.log(`  RSS idle ${r.idleRssMb.toFixed(0)} MB, peak ${r.peakRssMb.toFixed(0)} MB; after each 1,000 sent: ${r.rssByThousandMb.map((v) => v.toFixed(0)).join(' · ')} MB`);
}
