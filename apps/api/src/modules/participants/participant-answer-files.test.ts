import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER, type OrgRole } from '@eo/contract';
import { eq } from 'drizzle-orm';
import { registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, simpleEvent, type FixtureEvent } from '../../../test/fixtures.js';
import { file, image, PDF, publicUpload } from '../../../test/multipart.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { upload as organizerUpload } from '../../../test/record-world.js';
import { answerFilePath } from './participants.service.js';

/**
 * A participant's answer files, opened from the Participant tab by every member who may read the
 * event's participants (owner, admin, finance, staff); nobody else, and nothing that is not an
 * answer of this event's registrants.
 */
let t: TestApp;
let org1Id: string;
const token = {} as Record<OrgRole | 'outsider', string>;
/** Two events of organization 1 asking for a photo and a PDF. */
const ev: { id: string; ticketId: string; image: string; file: string }[] = [];
let photoId: string;
let pdfId: string;
let otherEventPdfId: string;
let unusedAnswerId: string;
let csvId: string;

function withFiles(name: string): FixtureEvent {
  const e = simpleEvent(name, { days: 10, quota: 20 });
  e.payload.tickets![0]!.registrationSteps = [
    { name: 'Foto', type: 'image', isRequired: false },
    { name: 'CV', type: 'file', isRequired: false, maxFiles: 2, accept: ['pdf'] },
  ] as never;
  return e;
}

async function answerUpload(eventId: string, questionId: string, part: ReturnType<typeof file>) {
  const res = await publicUpload(t.app, eventId, questionId, part);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.fileId as string;
}

async function register(e: (typeof ev)[number], email: string, answers: { questionId: string; value: unknown }[]) {
  const participant = { name: 'Sari Dewi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' };
  const res = await call(t.app, { method: 'POST', url: `/v1/public/events/${e.id}/registrations`, payload: await withAltcha(t.app, { ticketId: e.ticketId, participant, answers }), remoteAddress: '198.51.100.1' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const open = (who: keyof typeof token, eventId: string, fileId: string) =>
  call(t.app, { method: 'GET', url: answerFilePath(eventId, fileId), token: token[who], headers: who === 'outsider' ? {} : { [ORGANIZATION_HEADER]: org1Id } });

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  const db = t.database.db;
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['admin', 'finance', 'staff'], 'berkas'));
  Object.assign(token, { owner: team.org1, outsider: team.org2 });
  for (const name of ['Kelas Foto', 'Kelas Lain']) {
    const id = await createEvent(db, team.ids.org1, withFiles(name));
    const questions = await db.query.registrationQuestions.findMany({ where: (q, { eq }) => eq(q.eventId, id) });
    const ticket = await db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, id) });
    ev.push({ id, ticketId: ticket!.id, image: questions.find((q) => q.type === 'image')!.id, file: questions.find((q) => q.type === 'file')!.id });
  }
  photoId = await answerUpload(ev[0]!.id, ev[0]!.image, file(await image(40, 40), 'foto saya.png', 'image/png'));
  pdfId = await answerUpload(ev[0]!.id, ev[0]!.file, file(PDF, 'cv akhir (1).pdf', 'application/pdf'));
  await register(ev[0]!, 'sari@contoh.id', [{ questionId: ev[0]!.image, value: photoId }, { questionId: ev[0]!.file, value: [pdfId] }]);
  otherEventPdfId = await answerUpload(ev[1]!.id, ev[1]!.file, file(PDF, 'lain.pdf', 'application/pdf'));
  await register(ev[1]!, 'budi@contoh.id', [{ questionId: ev[1]!.file, value: [otherEventPdfId] }]);
  unusedAnswerId = await answerUpload(ev[0]!.id, ev[0]!.file, file(PDF, 'batal.pdf', 'application/pdf'));
  csvId = (await organizerUpload(t, 'CSV', file(Buffer.from('Nama,Email\nA,a@contoh.id\n'), 'p.csv', 'text/csv'), team.org1)).split('/').pop()!;
}, 60_000);
afterAll(() => t?.close());

describe('GET /v1/events/:id/participants/answer-files/:fileId', () => {
  it.each(['owner', 'admin', 'finance', 'staff'] as const)('%s opens an image inline and a PDF as an attachment', async (who) => {
    const photo = await open(who, ev[0]!.id, photoId);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.headers).toMatchObject({
      'content-type': 'image/png', 'content-disposition': 'inline; filename="foto_saya.png"', 'x-content-type-options': 'nosniff',
    });
    expect(photo.headers['cache-control']).toMatch(/^private\b/);
    expect(String(photo.body).slice(1, 4)).toBe('PNG');
    const pdf = await open(who, ev[0]!.id, pdfId);
    expect(pdf.status).toBe(200);
    expect(pdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="cv_akhir__1_.pdf"' });
    expect(pdf.body).toBe(PDF.toString());
  });

  it('another organization\'s member: 404, even for their own events\' ids in the path', async () => {
    for (const fileId of [photoId, pdfId]) {
      const res = await open('outsider', ev[0]!.id, fileId);
      expect(res.status).toBe(404);
      expect(res.body.messageId).toBe('NOT_FOUND');
    }
  });

  it('404 for an upload that is no answer of this event: a CSV, an unused answer upload, another event\'s answer, an unknown or malformed id', async () => {
    for (const fileId of [csvId, unusedAnswerId, otherEventPdfId, '00000000-0000-4000-8000-000000000000', 'bukan-id']) {
      const res = await open('staff', ev[0]!.id, fileId);
      expect(res.status, fileId).toBe(404);
    }
    // The other event's answer is found through its own event.
    expect((await open('staff', ev[1]!.id, otherEventPdfId)).status).toBe(200);
  });

  it('a registration in any status keeps its files openable: the list shows every status on asking', async () => {
    const refundedPdf = await answerUpload(ev[1]!.id, ev[1]!.file, file(PDF, 'refund.pdf', 'application/pdf'));
    await register(ev[1]!, 'refund@contoh.id', [{ questionId: ev[1]!.file, value: [refundedPdf] }]);
    expect((await open('staff', ev[1]!.id, refundedPdf)).status).toBe(200);
    for (const status of ['pending', 'declined', 'refunded'] as const) {
      await t.database.db.update(registrants).set({ status }).where(eq(registrants.email, 'refund@contoh.id'));
      expect((await open('staff', ev[1]!.id, refundedPdf)).status, status).toBe(200);
    }
    // Still only through the event its registrant belongs to.
    expect((await open('owner', ev[0]!.id, refundedPdf)).status).toBe(404);
  });

  it('the Participant tab lists each answer\'s files by name; the export names their addresses', async () => {
    const list = await call(t.app, { method: 'GET', url: `/v1/event-regist/lists?eventId=${ev[0]!.id}`, token: token.staff, headers: { [ORGANIZATION_HEADER]: org1Id } });
    expect(list.status).toBe(200);
    const steps = Object.fromEntries(list.body.data.docs[0].userRegisteredStep.map((s: { questionId: string }) => [s.questionId, s]));
    expect(steps[ev[0]!.image]).toMatchObject({ result: 'foto saya.png', files: [{ fileId: photoId, name: 'foto saya.png' }] });
    expect(steps[ev[0]!.file]).toMatchObject({ result: 'cv akhir (1).pdf', files: [{ fileId: pdfId, name: 'cv akhir (1).pdf' }] });
    const csv = await call(t.app, { method: 'GET', url: `/v1/event-regist/export?eventId=${ev[0]!.id}&format=csv`, token: token.finance, headers: { [ORGANIZATION_HEADER]: org1Id } });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(answerFilePath(ev[0]!.id, photoId));
    expect(String(csv.body)).toContain(answerFilePath(ev[0]!.id, pdfId));
  });
});
