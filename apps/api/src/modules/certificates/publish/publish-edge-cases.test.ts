import { writeFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../db/client.js';
import { certificateRecipients, certificates, jobs, uploads } from '../../../db/schema/index.js';
import { enqueueJob, startWorker, type JobRow } from '../../../jobs/queue.js';
import { readOutbox, type Mailer } from '../../../lib/mailer.js';
import { CERTIFICATE_PUBLISH_JOB, certificateJobHandlers, publishCertificateHandler, type PublishDeps } from './publish-certificate.job.js';
import { fakeRenderer, publishingCertificate, publishPlace, publishWorld, recipientsCsv, silentLog, type World } from './publish.fixture.js';
import type { DbOrTx } from '../../../db/client.js';
import { certificateView } from '../certificates.repository.js';

/** A batch's publish progress, as the certificate list and view show it. */
const progressOf = async (db: DbOrTx, id: string) => (await certificateView(db, {}, id))!.progress;
import { openRecipientFile } from './recipient-files.js';

/* The job's rules around the happy path, with a fake renderer (the pictures are tested elsewhere). */
let database: Database;
let world: World;
let place: ReturnType<typeof publishPlace>;
let prefixes = 0;
beforeAll(async () => {
  database = await freshDatabase();
  world = await publishWorld(database.db);
});
afterEach(() => place?.close());
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = () => database.db;
const certificate = async (id: string) => (await db().select().from(certificates).where(eq(certificates.id, id)))[0]!;
const recipients = (id: string) => db().select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, id)).orderBy(asc(certificateRecipients.position));
const setup = async (csv: string, extra: Partial<PublishDeps> = {}) => {
  place = publishPlace(db(), { renderer: fakeRenderer, ...extra });
  const prefix = `EDGE-${++prefixes}`;
  return { prefix, id: await publishingCertificate(db(), place.storage, world, { csv, prefix }) };
};
const run = (deps: PublishDeps, certificateId: string, lastAttempt = false) =>
  publishCertificateHandler(deps)({ job: { payload: { certificateId } } as JobRow, signal: new AbortController().signal, lastAttempt, log: silentLog });
/** A mailer that refuses some addresses. */
const refusing = (mailer: Mailer, refuse: (to: string) => boolean): Mailer => ({
  send: async (mail) => { if (refuse(mail.to)) throw new Error('550 mailbox unavailable'); return mailer.send(mail); },
  close: () => mailer.close(),
});

describe('publish job rules', () => {
  it('sends a batch whose CSV lacks a chosen column back to draft, with the reason', async () => {
    const { id } = await setup('Nama,Surel\nAyu,ayu@contoh.id\n');
    await run(place.deps, id);
    expect(await certificate(id)).toMatchObject({ status: 'drafted', csvProblems: [{ row: 0, reason: 'Kolom Nama Lengkap tidak ada di file CSV' }] });
    expect(await recipients(id)).toEqual([]);
  });

  it('sends a batch without one valid row back to draft, listing every row', async () => {
    const { id } = await setup('Nama Lengkap,Email\n,a@contoh.id\nBudi,budi@\n');
    await run(place.deps, id);
    expect((await certificate(id)).csvProblems).toEqual([
      { row: 2, reason: 'Nama penerima kosong' }, { row: 3, reason: 'Email tidak valid: budi@' }, { row: 0, reason: 'File CSV tidak berisi penerima' },
    ]);
    expect((await certificate(id)).status).toBe('drafted');
  });

  it('sends a batch back to draft when another batch already holds its serials', async () => {
    const { csv } = recipientsCsv(3, 'twice');
    const { id, prefix } = await setup(csv);
    await run(place.deps, id);
    const again = await publishingCertificate(db(), place.storage, world, { csv, prefix });
    await run(place.deps, again);
    expect(await certificate(again)).toMatchObject({
      status: 'drafted', csvProblems: [{ row: 0, reason: `Nomor sertifikat ${prefix}-001 sudah dipakai sertifikat lain; ganti prefix nomor sertifikat` }],
    });
    expect(await recipients(again)).toEqual([]);
  });

  it('creates the recipients once: a run after that never reads the CSV again', async () => {
    const { csv } = recipientsCsv(5, 'once');
    const { id, prefix } = await setup(csv, { hooks: { beforeRecipient: () => { throw new Error('stop after step 1'); } } });
    await expect(run(place.deps, id)).rejects.toThrow('stop after step 1');
    const first = await recipients(id);
    expect(first.map((r) => r.serial)).toEqual([1, 2, 3, 4, 5].map((n) => `${prefix}-00${n}`));
    const [cert] = await db().select().from(certificates).where(eq(certificates.id, id));
    const [upload] = await db().select().from(uploads).where(eq(uploads.id, cert!.recipientCsv!.fileUrl.slice('/v1/files/'.length)));
    await writeFile(place.storage.root + '/' + upload!.path, 'Nama Lengkap,Email\nLain,lain@contoh.id\n');
    await run({ ...place.deps, hooks: {} }, id);
    expect((await recipients(id)).map((r) => [r.id, r.serial, r.email])).toEqual(first.map((r) => [r.id, r.serial, r.email]));
    expect(await certificate(id)).toMatchObject({ status: 'published' });
    expect(await readOutbox(place.dataDir)).toHaveLength(5);
  });

  it('retries recipients whose mail failed, and clears their error once sent', async () => {
    const { csv } = recipientsCsv(6, 'retry');
    let refuse = true;
    const { id } = await setup(csv);
    const deps = { ...place.deps, mailer: refusing(place.mailer, (to) => refuse && to === 'retry3@contoh.id') };
    await expect(run(deps, id)).rejects.toThrow('1 certificate(s) not delivered');
    expect((await recipients(id))[2]).toMatchObject({ mailedAt: null, error: 'Email gagal: 550 mailbox unavailable' });
    expect((await recipients(id))[2]!.renderedAt).toBeInstanceOf(Date);
    expect(await progressOf(db(), id)).toEqual({ done: 5, total: 6, failed: 1 });
    expect((await certificate(id)).status).toBe('publishing');
    refuse = false;
    await run(deps, id);
    expect((await recipients(id))[2]).toMatchObject({ error: null });
    expect(await certificate(id)).toMatchObject({ status: 'published' });
    expect(await progressOf(db(), id)).toEqual({ done: 6, total: 6, failed: 0 });
  });

  it('on its last attempt publishes anyway, the undeliverable counted as failed', async () => {
    const { csv } = recipientsCsv(4, 'last');
    const { id } = await setup(csv);
    const worker = startWorker({
      db: db(), log: silentLog, pollMs: 20, maxAttempts: 2, backoffMs: 1,
      handlers: certificateJobHandlers({ ...place.deps, mailer: refusing(place.mailer, (to) => to === 'last2@contoh.id') }),
    });
    const jobId = await enqueueJob(db(), CERTIFICATE_PUBLISH_JOB, { certificateId: id });
    while ((await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status !== 'done') await sleep(20);
    await worker.stop();
    expect(await certificate(id)).toMatchObject({ status: 'published' });
    expect(await progressOf(db(), id)).toEqual({ done: 3, total: 4, failed: 1 });
  });

  it('a worker stopped mid-way gives the job back; the next one finishes it, nobody mailed twice', async () => {
    const { csv, people } = recipientsCsv(40, 'stop');
    const slow = { ...fakeRenderer, renderCertificate: async (i: Parameters<typeof fakeRenderer.renderCertificate>[0]) => { await sleep(15); return fakeRenderer.renderCertificate(i); } };
    const { id } = await setup(csv, { renderer: slow });
    const first = startWorker({ db: db(), log: silentLog, pollMs: 20, handlers: certificateJobHandlers(place.deps) });
    const jobId = await enqueueJob(db(), CERTIFICATE_PUBLISH_JOB, { certificateId: id });
    while ((await progressOf(db(), id)).done < 10) await sleep(10);
    await first.stop();
    const [stopped] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(stopped).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await progressOf(db(), id)).done).toBeLessThan(40);
    const second = startWorker({ db: db(), log: silentLog, pollMs: 20, handlers: certificateJobHandlers(place.deps) });
    while ((await certificate(id)).status !== 'published') await sleep(20);
    await second.stop();
    expect((await readOutbox(place.dataDir)).map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
  });

  it('ignores a batch that is gone or not publishing', async () => {
    const { csv } = recipientsCsv(2, 'ignored');
    const { id } = await setup(csv);
    await db().update(certificates).set({ status: 'drafted' }).where(eq(certificates.id, id));
    await run(place.deps, id);
    await run(place.deps, '00000000-0000-4000-8000-000000000000');
    expect(await recipients(id)).toEqual([]);
  });
});

describe('recipient files', () => {
  it('serves a rendered certificate by serial with its owner, and nothing for unknown serials', async () => {
    const { csv } = recipientsCsv(1, 'serve');
    const { id, prefix } = await setup(csv);
    await run(place.deps, id);
    const pdf = await openRecipientFile(db(), place.storage, `${prefix}-001`, 'pdf');
    expect(pdf).toMatchObject({ contentType: 'application/pdf', fileName: `Sertifikat-${prefix}-001.pdf`, certificateId: id, organizationId: world.organizationId });
    expect((await buffer(pdf!.stream)).toString()).toMatch(new RegExp(`^%PDF-fake https://eo\\.contoh\\.id/verify/${prefix}-001\\?t=[A-Za-z0-9_-]{22}$`));
    expect(await openRecipientFile(db(), place.storage, 'NOPE-001', 'png')).toBeNull();
    // Fixed paths are never served by the public name-checked `open`.
    expect(await place.storage.open(`certificates/${id}/${prefix}-001.png`)).toBeNull();
  });

  it('keeps deterministic paths inside the storage root', async () => {
    place = publishPlace(db());
    for (const bad of ['../x.png', '/etc/passwd', '.hidden/x', 'a/../../b', 'a//b', 'a/./b', '', 'a\\b']) {
      expect(() => place.storage.fixedPath(bad), bad).toThrow('Invalid storage path');
    }
    await place.storage.putAt('certificates/abc/X_1.pdf', Buffer.from('one'));
    await place.storage.putAt('certificates/abc/X_1.pdf', Buffer.from('two'));
    expect(await place.storage.sizeAt('certificates/abc/X_1.pdf')).toBe(3);
    expect((await buffer((await place.storage.openAt('certificates/abc/X_1.pdf'))!.stream)).toString()).toBe('two');
    expect(await place.storage.sizeAt('certificates/abc/none.pdf')).toBeNull();
    expect(await place.files('abc')).toEqual(['X_1.pdf']);
  });
});
