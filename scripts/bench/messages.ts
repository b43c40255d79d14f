import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { events, messages } from '../../apps/api/src/db/schema/index.js';
import { enqueue, workerJobs } from '../../apps/api/src/jobs/job-definition.js';
import { startWorker } from '../../apps/api/src/jobs/queue.js';
import { createMailer, SMTP_POOL_SIZE } from '../../apps/api/src/lib/mailer.js';
import { silentLog } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import { sendMessageJob } from '../../apps/api/src/modules/messages/deliver/send-message.job.js';
import { SEND_MESSAGE } from '../../apps/api/src/modules/messages/deliver/send-message.type.js';
import { createEvent, createUsers, simpleEvent } from '../../apps/api/test/fixtures.js';
import { bulkAudience } from '../../apps/api/test/message-world.js';
import { startSmtpReceiver } from '../../apps/api/test/smtp-receiver.js';

/**
 * Messages: one announcement to 1,000 and then to 10,000 registrants through the
 * real `message.send` job with one worker, over SMTP (the mailer's nodemailer pool of
 * SMTP_POOL_SIZE connections) to an SMTP server in this process that accepts, counts and
 * discards. The rate limit is set out of the way (10,000/s): what is measured is the delivery
 * loop (batch reads, rendering, sending, recording). RSS is sampled every 50 ms; its growth
 * from 1,000 to 10,000 recipients shows whether anything accumulates per mail. Beside it, the
 * bare mailer: the same pool sending 20 at a time with no database, the ceiling of this machine.
 */
export interface MessageRun { recipients: number; seconds: number; perSecond: number; received: number; idleRssMb: number; peakRssMb: number }
export interface MessageBenchResult { runs: MessageRun[]; bare: { mails: number; perSecond: number }; poolSize: number }

const MB = 1024 * 1024;
const BATCH = 20;

export async function benchMessages(database: Database, dataDir: string, sizes = [1000, 10_000]): Promise<MessageBenchResult> {
  const db = database.db;
  await database.migrate();
  const { org1 } = await createUsers(db);
  const smtp = await startSmtpReceiver({ keep: false });
  const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'EO Dashboard <no-reply@eo.bench>', dataDir });
  const worker = startWorker({
    db, log: silentLog, pollMs: 200,
    ...workerJobs([sendMessageJob({ db, mailer, publicUrl: 'https://eo.bench', secret: 'bench-secret-0123456789-abcdefghij', ratePerSecond: 10_000 })]),
  });
  try {
    // The bare mailer first: it also opens the pool's connections.
    const bareMails = 1000;
    const b0 = performance.now();
    for (let i = 0; i < bareMails; i += BATCH) {
      await Promise.all(Array.from({ length: BATCH }, (_, j) => mailer.send({ to: `bare${i + j}@contoh.id`, subject: 'Bare', text: 'Halo', html: '<p>Halo</p>' })));
    }
    const bare = { mails: bareMails, perSecond: bareMails / ((performance.now() - b0) / 1000) };

    const runs: MessageRun[] = [];
    for (const n of sizes) {
      const eventId = await createEvent(db, org1, simpleEvent(`Pengumuman ${n}`, { days: 10 }));
      await bulkAudience(db, eventId, n, `m${n}-`);
      const [event] = await db.select({ organizationId: events.organizationId }).from(events).where(eq(events.id, eventId));
      (globalThis as { gc?: () => void }).gc?.();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
      const received0 = smtp.count();
      const t0 = performance.now();
      const messageId = await db.transaction(async (tx) => {
        const [m] = await tx.insert(messages).values({
          eventId, organizationId: event!.organizationId, kind: 'announcement', subject: 'Info {event} untuk {nama}',
          body: 'Halo {nama},\n\nTiket {tiket}: {link_tiket}\nLokasi: {lokasi}', audience: { attendance: 'all' }, status: 'sending', sendAt: sql`now()`, createdBy: org1,
        }).returning({ id: messages.id });
        await enqueue(tx, SEND_MESSAGE, { messageId: m!.id });
        return m!.id;
      });
      for (;;) {
        const [m] = await db.select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
        if (m!.status !== 'sending') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const received = smtp.count() - received0;
      runs.push({ recipients: n, seconds, perSecond: received / seconds, received, idleRssMb: idle / MB, peakRssMb: peak / MB });
    }
    return { runs, bare, poolSize: SMTP_POOL_SIZE };
  } finally {
    await worker.stop();
    mailer.close();
    await smtp.close();
  }
}

export function printMessages(label: string, r: MessageBenchResult) {
  console.log(`[${label}] messages over SMTP (pool of ${r.poolSize}, in-process receiver): bare mailer ${r.bare.perSecond.toFixed(0)} mails/s (${r.bare.mails} mails, no database)`);
  for (const run of r.runs) {
    console.log(`  ${run.recipients.toLocaleString('en')} recipients: ${run.seconds.toFixed(1)} s · ${run.perSecond.toFixed(0)} mails/s · ${run.received.toLocaleString('en')} received · RSS idle ${run.idleRssMb.toFixed(0)} MB, peak ${run.peakRssMb.toFixed(0)} MB (+${(run.peakRssMb - run.idleRssMb).toFixed(0)} MB)`);
  }
}
