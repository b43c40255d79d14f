import { readFile, writeFile } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../db/client.js';
import { certificateRecipients, certificates, jobs } from '../../../db/schema/index.js';
import { claimJob, enqueueJob, startWorker } from '../../../jobs/queue.js';
import { readOutbox } from '../../../lib/mailer.js';
import { certificatePdf } from '../render/certificate-pdf.js';
import { renderCertificate } from '../render/render-certificate.js';
import { CERTIFICATE_PUBLISH_JOB, certificateJobHandlers, publishCertificateHandler, type PublishDeps } from './publish-certificate.job.js';
import { EVENT_NAME, PUBLIC_URL, publishingCertificate, publishPlace, publishWorld, recipientsCsv, silentLog, type World } from './publish.fixture.js';
import type { DbOrTx } from '../../../db/client.js';
import { certificateView } from '../certificates.repository.js';

/** A batch's publish progress, as the certificate list and view show it. */
const progressOf = async (db: DbOrTx, id: string) => (await certificateView(db, {}, id))!.progress;

/*
 * Publishing 120 recipients with the real renderer, end to end, then again with the job's
 * workers dying twice on the way (once between a mail leaving and mailedAt being written).
 * Each run must leave exactly 120 PNG + 120 PDF files and 120 mails, serials 001–120.
 */
const N = 120;
let database: Database;
let world: World;
beforeAll(async () => {
  database = await freshDatabase();
  world = await publishWorld(database.db);
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function jobFinished(id: string) {
  for (;;) {
    const j = await jobRow(id);
    if (j.status === 'done' || j.status === 'failed') return j;
    await sleep(100);
  }
}

/** Counts renders per serial around the real renderer. */
function countingRenderer() {
  const renders = new Map<string, number>();
  const renderer: NonNullable<PublishDeps['renderer']> = {
    renderCertificate: (input) => {
      renders.set(input.texts.serialNumber, (renders.get(input.texts.serialNumber) ?? 0) + 1);
      return renderCertificate(input);
    },
    certificatePdf,
  };
  return { renders, renderer };
}

/** Everything a finished publish of N recipients must show. */
async function expectPublished(place: ReturnType<typeof publishPlace>, certificateId: string, prefix: string, people: { name: string; email: string }[]) {
  const db = database.db;
  const [cert] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
  expect(cert).toMatchObject({ status: 'published', totalRecipient: N });
  expect(cert!.publishedAt).toBeInstanceOf(Date);
  expect(cert!.csvProblems).toEqual([{ row: N + 2, reason: 'Email tidak valid: bukan-email' }, { row: N + 3, reason: 'Nama penerima kosong' }]);

  const recipients = await db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, certificateId)).orderBy(asc(certificateRecipients.position));
  expect(recipients.map((r) => [r.position, r.serial, r.name, r.email])).toEqual(
    people.map((p, i) => [i + 1, `${prefix}-${String(i + 1).padStart(3, '0')}`, p.name, p.email]));
  expect(recipients.every((r) => r.renderedAt && r.mailedAt && r.error === null)).toBe(true);

  const files = (await place.files(certificateId)).sort();
  expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(N);
  expect(files.filter((f) => f.endsWith('.pdf'))).toHaveLength(N);
  // Nothing else: not even the aside copy of a file whose write a crash cut off.
  expect(files.filter((f) => !f.endsWith('.png') && !f.endsWith('.pdf'))).toEqual([]);
  const first = recipients[0]!;
  expect(await sharp(await readFile(place.storage.fixedPath(first.pngPath!))).metadata()).toMatchObject({ format: 'png', width: 800, height: 566 });
  expect((await readFile(place.storage.fixedPath(first.pdfPath!))).subarray(0, 5).toString()).toBe('%PDF-');

  const mails = await readOutbox(place.dataDir);
  expect(mails).toHaveLength(N);
  expect(mails.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
  const byTo = new Map(mails.map((m) => [m.to, m]));
  for (const r of recipients) {
    const mail = byTo.get(r.email)!;
    expect(mail.subject).toBe(`Sertifikat ${EVENT_NAME} untuk ${r.name}`);
    expect(mail.text).toContain(`Nomor sertifikat: ${r.serial}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/verify/${r.serial}`);
  }
  const raw = await readFile(byTo.get(first.email)!.file, 'utf8');
  expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=Sertifikat-${prefix}-001\\.pdf`));

  expect(await progressOf(db, certificateId)).toEqual({ done: N, total: N, failed: 0 });
}

/** N valid rows plus two that are reported, not fatal. */
function csvOf(tag: string) {
  const { people, csv } = recipientsCsv(N, tag);
  return { people, csv: `${csv}Salah Email,bukan-email,Bogor\n,kosong@contoh.id,Bogor\n` };
}

describe(`publishing ${N} certificates`, () => {
  it('renders, stores and mails every recipient once, serials in CSV order', async () => {
    const { renders, renderer } = countingRenderer();
    const place = publishPlace(database.db, { renderer });
    try {
      const { people, csv } = csvOf('e2e');
      const certificateId = await publishingCertificate(database.db, place.storage, world, { csv, prefix: 'SNDA-2026' });
      const worker = startWorker({ db: database.db, handlers: certificateJobHandlers(place.deps), log: silentLog, pollMs: 100 });
      const started = performance.now();
      const jobId = await enqueueJob(database.db, CERTIFICATE_PUBLISH_JOB, { certificateId });
      expect(await jobFinished(jobId)).toMatchObject({ status: 'done', attempts: 1 });
      console.log(`${N} certificates rendered and mailed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await worker.stop();
      await expectPublished(place, certificateId, 'SNDA-2026', people);
      expect([...renders.values()].every((n) => n === 1) && renders.size === N).toBe(true);
    } finally {
      place.close();
    }
  }, 300_000);

  it('survives workers dying halfway, even between a mail leaving and mailedAt: still exactly one file pair and one mail each', async () => {
    const { renders, renderer } = countingRenderer();
    const place = publishPlace(database.db, { renderer });
    try {
      const { people, csv } = csvOf('kill');
      const certificateId = await publishingCertificate(database.db, place.storage, world, { csv, prefix: 'KILL-2026' });
      const jobId = await enqueueJob(database.db, CERTIFICATE_PUBLISH_JOB, { certificateId });
      const mailedCount = async () => (await progressOf(database.db, certificateId)).done;

      // Worker 1 dies right after recipient 40's mail left, before mailedAt was written.
      const dead1 = await claimJob(database.db, { kinds: [CERTIFICATE_PUBLISH_JOB], workerId: 'dead-1', leaseMs: 300 });
      const crash1 = publishCertificateHandler({ ...place.deps, hooks: { afterMailSent: (r) => { if (r.position === 40) throw new Error('killed after mail'); } } });
      await expect(crash1({ job: dead1!, signal: new AbortController().signal, lastAttempt: false, log: silentLog })).rejects.toThrow('killed after mail');
      const [r40] = await database.db.select().from(certificateRecipients).where(eq(certificateRecipients.serial, 'KILL-2026-040'));
      expect(r40!.mailedAt).toBeNull();
      expect((await readOutbox(place.dataDir)).filter((m) => m.to === r40!.email)).toHaveLength(1);

      // Worker 2 takes over once the lease lapsed, and dies after about 60 recipients in all.
      await sleep(400);
      const dead2 = await claimJob(database.db, { kinds: [CERTIFICATE_PUBLISH_JOB], workerId: 'dead-2', leaseMs: 300 });
      expect(dead2).toMatchObject({ id: jobId, attempts: 2 });
      let seen = 0;
      const crash2 = publishCertificateHandler({ ...place.deps, hooks: { beforeRecipient: () => { if (++seen === 22) throw new Error('killed halfway'); } } });
      await expect(crash2({ job: dead2!, signal: new AbortController().signal, lastAttempt: false, log: silentLog })).rejects.toThrow('killed halfway');
      const halfway = await mailedCount();
      expect(halfway).toBeGreaterThan(55);
      expect(halfway).toBeLessThan(65);

      // A process killed while writing a file leaves its aside copy (DiskStore.putAt).
      await writeFile(`${place.storage.fixedPath(`certificates/${certificateId}/KILL-2026-061.png`)}.0badf00d.part`, 'half a png');

      // A new worker with a short lease finds the abandoned job and finishes it.
      const worker = startWorker({ db: database.db, handlers: certificateJobHandlers(place.deps), log: silentLog, pollMs: 100, leaseMs: 1500 });
      expect(await jobFinished(jobId)).toMatchObject({ status: 'done', attempts: 3, lockedBy: worker.workerId });
      await worker.stop();

      await expectPublished(place, certificateId, 'KILL-2026', people);
      expect(renders.size).toBe(N);
      expect([...renders.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    } finally {
      place.close();
    }
  }, 300_000);
});
