import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CERT_DEFAULTS } from '@eo/contract';
import type { Database } from '../../apps/api/src/db/client.js';
import { certificates } from '../../apps/api/src/db/schema/index.js';
import { DiskStore } from '../../apps/api/src/lib/storage/disk-store.js';
import { createMailer } from '../../apps/api/src/lib/mailer.js';
import { enqueueJob, startWorker } from '../../apps/api/src/jobs/queue.js';
import { CertificatePreviewService } from '../../apps/api/src/modules/certificates/certificate-preview.service.js';
import { CERTIFICATE_PUBLISH_JOB, certificateJobHandlers } from '../../apps/api/src/modules/certificates/publish/publish-certificate.job.js';
import { publishingCertificate, publishWorld, recipientsCsv, silentLog, templateObjects } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import type { Caller } from '../../apps/api/src/lib/caller.js';

/**
 * Certificates: preview latency (the preview service in-process: template read, render at
 * 2000×1414, PNG data URL) and publishing 1,000 recipients through the real job (render PNG +
 * PDF, store, mail to the file outbox) with one worker, its in-flight renders on libuv threads.
 */
export interface CertificateBenchResult {
  previewP50: number; previewP95: number; previews: number;
  recipients: number; publishSeconds: number; perSecond: number; peakRssMb: number; coresUsed: number;
}

const W = 2000;
const H = 1414;

/** A template like real ones: a gradient, a frame, a seal and a title (not a flat colour that compresses to nothing). */
function templateSvg() {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#e8dcc0"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="#8a6d3b" stroke-width="18"/>
  <rect x="100" y="100" width="${W - 200}" height="${H - 200}" fill="none" stroke="#b8860b" stroke-width="4"/>
  <circle cx="${W - 320}" cy="${H - 330}" r="140" fill="#b8860b" opacity="0.85"/>
  <text x="50%" y="300" font-size="120" text-anchor="middle" fill="#5d4037" font-family="serif">SERTIFIKAT</text>
</svg>`);
}

export async function benchCertificates(database: Database, dataDir: string): Promise<CertificateBenchResult> {
  const db = database.db;
  await database.migrate();
  const world = await publishWorld(db);
  const storage = new DiskStore(path.join(dataDir, 'files'));
  const mailer = createMailer({ mailFrom: 'EO <no-reply@eo.bench>', dataDir });
  const recipients = Number(process.env.BENCH_CERTIFICATES ?? 1000);
  const { csv } = recipientsCsv(recipients, 'bench');
  const certificateId = await publishingCertificate(db, storage, world, { csv, prefix: 'BENCH-2026', width: W, height: H });
  // Swap the fixture's flat template for a realistic one of the same size.
  const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
  const templateRel = row.templateBackgroundUrl!.replace(/^\/files\//, '');
  writeFileSync(path.join(storage.root, templateRel), await sharp(templateSvg()).png().toBuffer());

  const caller: Caller = { userId: world.creatorId, sessionId: '', email: '', name: '', level: '', roles: ['eventOrganizer'], isAdmin: false, organizationId: world.organizationId, role: 'owner' };
  const previews = new CertificatePreviewService(db, storage);
  const input = { eventId: world.eventId, recipientName: CERT_DEFAULTS.sampleName, templateBackgroundUrl: row.templateBackgroundUrl, serialNumberPrefix: CERT_DEFAULTS.prefix, templateObjects: templateObjects(W, H) };
  await previews.preview(caller, input); // warm-up: fonts, sharp
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await previews.preview(caller, input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 100);
  const cpu0 = process.cpuUsage();
  await enqueueJob(db, CERTIFICATE_PUBLISH_JOB, { certificateId });
  const t0 = performance.now();
  const worker = startWorker({ db, handlers: certificateJobHandlers({ db, storage, mailer, publicUrl: 'https://eo.bench' }), log: silentLog, pollMs: 200 });
  for (;;) {
    const [c] = await db.select({ status: certificates.status }).from(certificates).where(eq(certificates.id, certificateId));
    if (c.status !== 'publishing') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  await worker.stop();
  mailer.close();
  return {
    previewP50: times[Math.floor(times.length / 2)], previewP95: times[Math.floor(times.length * 0.95)], previews: times.length,
    recipients, publishSeconds: seconds, perSecond: recipients / seconds, peakRssMb: peakRss / 1024 / 1024,
    // Main-thread + libuv CPU time of this process over the wall time: > 1 means both cores worked.
    coresUsed: (cpu.user + cpu.system) / 1e6 / seconds,
  };
}
