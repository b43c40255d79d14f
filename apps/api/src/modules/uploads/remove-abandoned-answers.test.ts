import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, PUBLIC_REG_MSG } from '@eo/contract';
import { uploads } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/queue.js';
import { DiskStore } from '../../lib/storage/disk-store.js';
import { silentLog } from '../certificates/publish/publish.fixture.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { file, PDF, publicUpload } from '../../../test/multipart.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { upload as organizerUpload } from '../../../test/record-world.js';
import { removeAbandonedAnswersJob, REMOVE_ABANDONED_ANSWERS_EVERY_MS } from './remove-abandoned-answers.job.js';
import { ABANDONED_BATCH, ANSWER_UPLOAD_ABANDONED_MS, ANSWER_UPLOAD_USABLE_MS, UploadService } from './uploads.service.js';

/**
 * Answer uploads a participant made and never registered with are removed, rows and files, once
 * ANSWER_UPLOAD_ABANDONED_MS has passed; referenced and younger ones, and other uploads, stay.
 */
let t: TestApp;
let storage: DiskStore;
let service: UploadService;
let organizerToken: string;
let ev: { id: string; ticketId: string; questionId: string };
const HOUR = 3_600_000;

async function answerUpload(name: string) {
  const res = await publicUpload(t.app, ev.id, ev.questionId, file(PDF, name, 'application/pdf'));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.fileId as string;
}
const register = async (email: string, fileIds: string[]) => call(t.app, {
  method: 'POST', url: `/v1/public/events/${ev.id}/registrations`, remoteAddress: '198.51.100.1',
  payload: await withAltcha(t.app, { ticketId: ev.ticketId, participant: { name: 'Sari Dewi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' }, answers: [{ questionId: ev.questionId, value: fileIds }] }),
});
/** Makes uploads look `ageMs` old. */
const age = (ids: string[], ageMs: number) =>
  t.database.db.update(uploads).set({ createdAt: new Date(Date.now() - ageMs) }).where(inArray(uploads.id, ids));
const rowOf = (id: string) => t.database.db.query.uploads.findFirst({ where: eq(uploads.id, id) });
const onDisk = async (id: string) => {
  const row = await rowOf(id);
  const opened = row ? await storage.open(row.path) : null;
  opened?.stream.destroy();
  return opened !== null;
};
const ctx = { log: silentLog } as unknown as JobContext;

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  organizerToken = team.org1;
  storage = new DiskStore(path.join(t.config.dataDir, 'files'));
  service = new UploadService(t.database.db, storage);
  const fixture = simpleEvent('Kelas Berkas', { days: 10, quota: 1000 });
  fixture.payload.tickets![0]!.registrationSteps = [{ name: 'CV', type: 'file', isRequired: false, maxFiles: 2, accept: ['pdf'] }] as never;
  const id = await createEvent(t.database.db, team.ids.org1, fixture);
  const question = await t.database.db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, id) });
  const ticket = await t.database.db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, id) });
  ev = { id, ticketId: ticket!.id, questionId: question!.id };
});
afterAll(() => t?.close());

describe('removing abandoned answer uploads', () => {
  it('removes old unreferenced answer uploads, rows and files; keeps referenced, younger and other uploads', async () => {
    const [usedA, usedB, abandoned, young] = [await answerUpload('a.pdf'), await answerUpload('b.pdf'), await answerUpload('c.pdf'), await answerUpload('d.pdf')];
    expect((await register('sari@contoh.id', [usedA, usedB])).status).toBe(201);
    const csvId = (await organizerUpload(t, 'CSV', file(Buffer.from('Nama,Email\nA,a@contoh.id\n'), 'p.csv', 'text/csv'), organizerToken)).split('/').pop()!;
    await age([usedA, usedB, abandoned, csvId], ANSWER_UPLOAD_ABANDONED_MS + HOUR);
    await age([young], ANSWER_UPLOAD_ABANDONED_MS - HOUR);
    const abandonedRow = await rowOf(abandoned);
    expect(await onDisk(abandoned)).toBe(true);

    await removeAbandonedAnswersJob(service).handler({}, ctx);

    expect(await rowOf(abandoned)).toBeUndefined();
    expect(await storage.open(abandonedRow!.path)).toBeNull();
    for (const kept of [usedA, usedB, young, csvId]) expect(await onDisk(kept), kept).toBe(true);
    // Twice is harmless: nothing left to remove.
    expect(await service.removeAbandonedAnswerFiles()).toBe(0);
    // The referenced files still open for the organizer.
    const opened = await call(t.app, { method: 'GET', url: `/v1/events/${ev.id}/participants/answer-files/${usedB}`, token: organizerToken });
    expect(opened.status).toBe(200);
  });

  it('works in batches until none is left', async () => {
    const db = t.database.db;
    const [template] = await db.select().from(uploads).where(eq(uploads.docType, 'RegistrationAnswer')).limit(1);
    const n = ABANDONED_BATCH * 2 + 7;
    const old = new Date(Date.now() - ANSWER_UPLOAD_ABANDONED_MS - HOUR);
    await db.insert(uploads).values(Array.from({ length: n }, (_, i) => ({
      organizationId: template!.organizationId, ownerId: template!.ownerId, docType: 'RegistrationAnswer', contentType: 'application/pdf',
      path: `private/2020/01/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.pdf`, size: 1, createdAt: old,
    })));
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(uploads);
    expect(await service.removeAbandonedAnswerFiles()).toBe(n);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(uploads);
    expect(after[0]!.n).toBe(before[0]!.n - n);
  });

  it('a registration no longer takes an upload close to its removal', async () => {
    const late = await answerUpload('telat.pdf');
    await age([late], ANSWER_UPLOAD_USABLE_MS + 60_000);
    const res = await register('telat@contoh.id', [late]);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(fill(PUBLIC_REG_MSG.answerFile, { name: 'CV' }));
  });

  it('is scheduled hourly, after the usable window closes', () => {
    const job = removeAbandonedAnswersJob(service);
    expect(job).toMatchObject({ id: 'upload.remove-abandoned-answers', everyMs: REMOVE_ABANDONED_ANSWERS_EVERY_MS });
    expect(ANSWER_UPLOAD_USABLE_MS).toBeLessThan(ANSWER_UPLOAD_ABANDONED_MS);
  });
});
