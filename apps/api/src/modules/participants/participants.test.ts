import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_MSG } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp, PlatformService } from '../../../test/fixtures.js';
import { answerFilePath, answerText } from './participants.service.js';
import { questionEvent } from './participants.fixture.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;
let e: Awaited<ReturnType<typeof questionEvent>>;
const START = Date.now() - 3600_000;

/** 12 registrants: 8 Reguler, 4 VIP, one more refunded; createdAt one minute apart. */
beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1, org2, admin } = team);
  const { db } = t.database;
  e = await questionEvent(db, team.ids.org1);
  const platform = new PlatformService(db);
  for (let i = 0; i < 12; i++) {
    const vip = i % 3 === 2;
    await platform.register(e.eventId, {
      ticketId: vip ? e.vip : e.reguler,
      participant: { name: i === 0 ? 'Siti Nurhaliza' : `Peserta ${i}`, email: `peserta${i}@contoh.id`, phoneNumber: `0812000000${String(i).padStart(2, '0')}` },
      answers: [
        { questionId: e.questions.motivasi, value: `Motivasi ${i}` },
        { questionId: e.questions.minat, value: ['Debat', 'Esai'] },
        ...(vip ? [{ questionId: e.questions.kaos, value: 'L' }] : [{ questionId: e.questions.cv, value: [`/files/cv-${i}.pdf`] }]),
      ],
    }, new Date(START + i * 60_000));
  }
  const refunded = await platform.register(e.eventId, {
    ticketId: e.reguler, participant: { name: 'Batal', email: 'batal@contoh.id' },
  }, new Date(START + 13 * 60_000));
  await platform.refund(refunded.transactionId!);
});
afterAll(() => t.close());

const list = (query: Record<string, unknown>, token = org1) => {
  const qs = new URLSearchParams(Object.entries({ eventId: e.eventId, ...query }).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return call(t.app, { method: 'GET', url: `/v1/event-regist/lists?${qs}`, token });
};

describe('GET /v1/event-regist/lists', () => {
  it('lists another status, or every registration, on asking; each row carries its status', async () => {
    const participants = await list({ limit: '20' });
    expect(new Set(participants.body.data.docs.map((d: any) => d.status))).toEqual(new Set(['confirmed']));
    const refunded = await list({ filters: { status: 'refunded' } });
    expect(refunded.body.data).toMatchObject({ totalDocs: 1, totalPages: 1 });
    expect(refunded.body.data.docs.map((d: any) => [d.name, d.status])).toEqual([['Batal', 'refunded']]);
    const all = await list({ limit: '20', sortBy: 'asc', sortParam: 'createdAt', filters: { status: 'all' } });
    expect(all.body.data.totalDocs).toBe(13);
    expect(all.body.data.docs.at(-1)).toMatchObject({ name: 'Batal', status: 'refunded' });
    const searched = await list({ filters: { status: 'all', name: 'bat' } });
    expect(searched.body.data.docs.map((d: any) => d.name)).toEqual(['Batal']);
    expect((await list({ filters: { status: 'pending' } })).body.data).toMatchObject({ docs: [], totalDocs: 0 });
    const bad = await list({ filters: { status: 'hadir' } });
    expect(bad.status).toBe(400);
  });

  it('pages the current registrants, newest first by default, refunded ones left out', async () => {
    const res = await list({ limit: '5' });
    expect(res.status).toBe(200);
    const { docs, ...paging } = res.body.data;
    expect(paging).toMatchObject({ page: 1, limit: 5, totalDocs: 12, totalPages: 3 });
    expect(docs.map((d: any) => d.name)).toEqual(['Peserta 11', 'Peserta 10', 'Peserta 9', 'Peserta 8', 'Peserta 7']);
    const last = await list({ limit: '5', page: '3', sortBy: 'desc' });
    expect(last.body.data.docs.map((d: any) => d.name)).toEqual(['Peserta 1', 'Siti Nurhaliza']);
    const beyond = await list({ limit: '5', page: '4' });
    expect(beyond.body.data).toMatchObject({ docs: [], totalDocs: 12, totalPages: 3 });
    const asc = await list({ limit: '2', sortBy: 'asc', sortParam: 'createdAt' });
    expect(asc.body.data.docs.map((d: any) => d.name)).toEqual(['Siti Nurhaliza', 'Peserta 1']);
  });

  it('gives the questions as columns and each registrant its answers as text', async () => {
    const res = await list({ sortBy: 'asc', limit: '3' });
    const { questions, docs } = res.body.data;
    expect(questions.map((q: any) => q.name)).toEqual(['Motivasi', 'Minat', 'CV', 'Ukuran Kaos']);
    expect(questions[2].ticketId).toBe(e.reguler);
    expect(docs[0]).toMatchObject({
      name: 'Siti Nurhaliza', email: 'peserta0@contoh.id', phoneNumber: '081200000000', ticketType: 'Reguler', ticketId: e.reguler,
    });
    expect(docs[0].userRegisteredStep).toEqual([
      { questionId: e.questions.motivasi, stepDetail: 'Motivasi', result: 'Motivasi 0' },
      { questionId: e.questions.minat, stepDetail: 'Minat', result: 'Debat, Esai' },
      { questionId: e.questions.cv, stepDetail: 'CV', result: '/files/cv-0.pdf' },
    ]);
    expect(docs[2].ticketType).toBe('VIP');
    expect(docs[2].userRegisteredStep.map((s: any) => [s.stepDetail, s.result])).toEqual([
      ['Motivasi', 'Motivasi 2'], ['Minat', 'Debat, Esai'], ['Ukuran Kaos', 'L'],
    ]);
    expect(docs[0]).toMatchObject({ checkedInAt: null, checkedInBy: null });
  });

  it('shows when and by whom a registrant was checked in at the door', async () => {
    const first = (await list({ sortBy: 'asc', limit: '1' })).body.data.docs[0];
    const res = await call(t.app, { method: 'POST', url: `/v1/events/${e.eventId}/checkins`, token: org1, payload: { registrantId: first.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const doc = (await list({ sortBy: 'asc', limit: '2' })).body.data.docs;
    expect(doc[0]).toMatchObject({ checkedInAt: res.body.data.result.checkedInAt, checkedInBy: 'Organizer Satu' });
    expect(doc[1]).toMatchObject({ checkedInAt: null, checkedInBy: null });
  });

  it('searches name, email and phone partially and case-insensitively', async () => {
    expect((await list({ filters: { name: 'siti' } })).body.data.docs.map((d: any) => d.name)).toEqual(['Siti Nurhaliza']);
    expect((await list({ filters: { email: 'PESERTA1' } })).body.data.totalDocs).toBe(3); // 1, 10, 11
    expect((await list({ filters: { phoneNumber: '0812000000' } })).body.data.totalDocs).toBe(12);
    expect((await list({ filters: { phoneNumber: '81200000005' } })).body.data.docs.map((d: any) => d.name)).toEqual(['Peserta 5']);
    expect((await list({ filters: { name: '%' } })).body.data.totalDocs).toBe(0);
    expect((await list({ filters: { name: 'peserta', email: 'peserta2' } })).body.data.docs.map((d: any) => d.name)).toEqual(['Peserta 2']);
  });

  it("refuses a phone search with other than digits: 'Input Number Only'", async () => {
    const res = await list({ filters: { phoneNumber: '0812-34' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PARTICIPANT_MSG.phoneNumberOnly);
    expect(res.body.message).toBe('Input Number Only');
  });

  it("refuses an email search with other characters: 'Input Alphabet, Number, (-), (_), (@), (.) Only'", async () => {
    for (const email of ['a b', 'siti+1@contoh.id', "o'neil"]) {
      const res = await list({ filters: { email } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Input Alphabet, Number, (-), (_), (@), (.) Only');
    }
    expect((await list({ filters: { email: 'a-b_c@d.e' } })).status).toBe(200);
  });

  it('answers 404 for another organizer, an unknown or malformed id; a globalAdmin sees it', async () => {
    expect((await list({}, org2)).status).toBe(404);
    expect((await list({ eventId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await list({ eventId: 'nope' })).status).toBe(404);
    expect((await list({}, admin)).body.data.totalDocs).toBe(12);
  });
});

describe('answerText', () => {
  it.each([
    [null, ''], [undefined, ''], ['Teks', 'Teks'], [['A', 'B'], 'A, B'], [[], ''], [3, '3'], [true, 'true'],
    [{ url: '/files/a.pdf' }, '/files/a.pdf'], [[{ url: '/files/a.png' }, { url: '/files/b.png' }], '/files/a.png, /files/b.png'],
    // Answer files by name (else id), whatever `url` they were stored with.
    [{ fileId: 'f1', url: '/v1/files/f1', name: 'a.png' }, 'a.png'], [[{ fileId: 'f1', name: 'a.pdf' }, { fileId: 'f2', name: null }], 'a.pdf, f2'],
  ])('%j -> %j', (value, text) => expect(answerText(value)).toBe(text));

  it('a download gives answer files as their addresses under the event', () => {
    expect(answerText([{ fileId: 'f1', name: 'a.pdf' }], (f) => answerFilePath('e1', f.fileId))).toBe('/v1/events/e1/participants/answer-files/f1');
  });
});
