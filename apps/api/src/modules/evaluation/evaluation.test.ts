import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_ID, EVALUATION_ID, EVALUATION_LIMITS, EVALUATION_MSG, OWN_MSG, fill, type RegistrantStatus } from '@eo/contract';
import { evaluationAnswers, registrants, tickets } from '../../db/schema/index.js';
import { findMembership } from '../../lib/access.repository.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, createTeamApp } from '../../../test/fixtures.js';
import { dayFromNow, validEventPayload } from '../../../test/event-payload.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];
let org1: string;
let org2: string;
beforeAll(async () => {
  ({ t, ids, org1, org2 } = await createTeamApp());
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
// validEventPayload's one date: 30 days from now, 09:00–12:00 WIB.
const DAY = dayFromNow(30);
const at = (hour: string) => `${DAY}T${hour}:00+07:00`;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = org1) => call(t.app, { method, url, token, payload });
const newEvent = async (sessions: object[] = []) => {
  const res = await api('POST', '/v1/events/create', { ...validEventPayload(), sessions });
  expect(res.status).toBe(201);
  return res.body.data.result.id as string;
};
const get = (eventId: string, token = org1) => api('GET', `/v1/events/${eventId}/evaluation`, undefined, token);
const put = (eventId: string, body: object, token = org1) => api('PUT', `/v1/events/${eventId}/evaluation`, body, token);

const QUESTIONS = [
  { type: 'rating', label: 'Seberapa puas kamu dengan acara ini?', isRequired: true },
  { type: 'nps', label: 'Seberapa mungkin kamu merekomendasikan acara ini?', isRequired: true },
  { type: 'radio', label: 'Sesi favorit', isRequired: false, options: ['Pembukaan', 'Diskusi'] },
  { type: 'checkbox', label: 'Yang perlu ditingkatkan', isRequired: false, options: ['Waktu', 'Materi', 'Tempat'] },
  { type: 'text', label: 'Saran untuk panitia', isRequired: false },
];

/** An answer on record for a registration of the event (what a participant's answer leaves). */
async function answerOnRecord(eventId: string) {
  const db = t.database.db;
  const ticket = await db.query.tickets.findFirst({ where: (tk, { eq }) => eq(tk.eventId, eventId) });
  const [r] = await db.insert(registrants).values({
    eventId, ticketId: ticket!.id, name: 'Peserta', email: `p${Date.now()}@contoh.id`, quantity: 1, ticketCode: `code-${Date.now()}-${Math.random()}`, status: 'confirmed',
  }).returning({ id: registrants.id });
  await db.insert(evaluationAnswers).values({ registrantId: r!.id, eventId, answers: [] });
}

describe('an event’s evaluation form', () => {
  it('starts empty, open by default from the event’s start until 7 days after it ends', async () => {
    const eventId = await newEvent();
    const res = await get(eventId);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual({
      questions: [], opensAt: null, closesAt: null, answers: 0,
      window: { opensAt: new Date(at('09:00')).toISOString(), closesAt: new Date(Date.parse(at('12:00')) + EVALUATION_LIMITS.defaultOpenDaysAfter * DAY_MS).toISOString() },
    });
  });

  it('is saved whole, its questions in order with their ids; with sessions it opens when the last one starts', async () => {
    const eventId = await newEvent([
      { name: 'Pembukaan', startsAt: at('09:00'), endsAt: at('10:00') },
      { name: 'Diskusi', startsAt: at('10:30'), endsAt: at('12:00') },
    ]);
    const res = await put(eventId, { questions: QUESTIONS });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(EVALUATION_MSG.saved);
    const saved = res.body.data.result;
    expect(saved.questions).toEqual(QUESTIONS.map((q) => ({ id: expect.any(String), options: [], ...q })));
    expect(saved.window.opensAt).toBe(new Date(at('10:30')).toISOString());
    expect((await get(eventId)).body.data.result).toEqual(saved);
  });

  it('keeps the questions it names by id, adds the others and removes the rest; options only where they mean something', async () => {
    const eventId = await newEvent();
    const first = (await put(eventId, { questions: QUESTIONS })).body.data.result.questions;
    const res = await put(eventId, {
      questions: [
        { ...first[4], label: 'Saran dan kritik' },
        { type: 'rating', label: 'Pembicara', isRequired: true, options: ['diabaikan'] },
      ],
      opensAt: at('12:00'), closesAt: `${dayFromNow(33)}T23:59:00+07:00`,
    });
    expect(res.status).toBe(200);
    const { questions, opensAt, window } = res.body.data.result;
    expect(questions).toEqual([
      { id: first[4].id, type: 'text', label: 'Saran dan kritik', isRequired: false, options: [] },
      { id: expect.any(String), type: 'rating', label: 'Pembicara', isRequired: true, options: [] },
    ]);
    expect(opensAt).toBe(new Date(at('12:00')).toISOString());
    expect(window).toEqual({ opensAt, closesAt: new Date(`${dayFromNow(33)}T23:59:00+07:00`).toISOString() });
  });

  it('locks its questions once answered, and still takes a new window', async () => {
    const eventId = await newEvent();
    const { questions } = (await put(eventId, { questions: QUESTIONS })).body.data.result;
    await answerOnRecord(eventId);
    const changed = await put(eventId, { questions: [...questions, { type: 'text', label: 'Satu lagi', isRequired: false }] });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ messageId: EVALUATION_ID.locked, message: EVALUATION_MSG.locked });
    const relabelled = await put(eventId, { questions: questions.map((q: { label: string }, i: number) => (i === 0 ? { ...q, label: 'Puas?' } : q)) });
    expect(relabelled.status).toBe(409);
    const window = await put(eventId, { questions, closesAt: `${dayFromNow(40)}T12:00:00+07:00` });
    expect(window.status).toBe(200);
    expect(window.body.data.result).toMatchObject({ answers: 1, questions, closesAt: new Date(`${dayFromNow(40)}T12:00:00+07:00`).toISOString() });
  });

  it('is read by every member and saved by owners and admins only; another organization finds no such event', async () => {
    const eventId = await newEvent();
    const org = (await findMembership(t.database.db, ids.org1, undefined))!.organizationId;
    const members = await addMembers(t, org, ['admin', 'staff', 'finance'], 'evaluasi');
    expect((await put(eventId, { questions: QUESTIONS.slice(0, 1) }, members.admin)).status).toBe(200);
    for (const role of ['staff', 'finance'] as const) {
      expect((await get(eventId, members[role])).status, role).toBe(200);
      expect((await put(eventId, { questions: QUESTIONS }, members[role])).status, role).toBe(403);
    }
    expect((await get(eventId, org2)).status).toBe(404);
    expect((await put(eventId, { questions: QUESTIONS }, org2)).status).toBe(404);
    expect((await get(eventId)).body.data.result.questions).toHaveLength(1);
  });
});

describe('the rules of an evaluation form', () => {
  const one = (q: object) => ({ questions: [q] });
  const refused: [string, object, string, string][] = [
    ['a question', { questions: [] }, 'questions', EVALUATION_MSG.noQuestions],
    ['at most 30 questions', { questions: Array.from({ length: 31 }, (_, i) => ({ type: 'text', label: `T${i}` })) }, 'questions', EVALUATION_MSG.tooMany],
    ['a known type', one({ type: 'emoji', label: 'Suka?' }), 'questions.0.type', EVALUATION_MSG.type],
    ['a label', one({ type: 'text', label: '  ' }), 'questions.0.label', EVALUATION_MSG.label],
    ['a label of at most 200 characters', one({ type: 'text', label: 'x'.repeat(201) }), 'questions.0.label', fill(OWN_MSG.maxChars, { n: 200 })],
    ['two options for a radio question', one({ type: 'radio', label: 'Pilih', options: ['Satu'] }), 'questions.0.options', EVALUATION_MSG.options],
    ['at most 10 options', one({ type: 'checkbox', label: 'Pilih', options: Array.from({ length: 11 }, (_, i) => `P${i}`) }), 'questions.0.options', EVALUATION_MSG.options],
    ['named options', one({ type: 'checkbox', label: 'Pilih', options: ['Satu', ' '] }), 'questions.0.options.1', EVALUATION_MSG.option],
    ['each option once', one({ type: 'radio', label: 'Pilih', options: ['Satu', 'satu'] }), 'questions.0.options.1', EVALUATION_MSG.duplicateOption],
    ['an instant to open', { ...one({ type: 'text', label: 'Saran' }), opensAt: 'besok' }, 'opensAt', EVALUATION_MSG.opensAt],
    ['a close after the open', { ...one({ type: 'text', label: 'Saran' }), opensAt: at('12:00'), closesAt: at('12:00') }, 'closesAt', EVALUATION_MSG.closesBeforeOpens],
  ];
  it.each(refused)('needs %s', async (_rule, body, path, message) => {
    const eventId = await newEvent();
    const res = await put(eventId, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
    expect((await get(eventId)).body.data.result.questions).toEqual([]);
  });

  it('an id that is not one of this form’s questions makes a new question', async () => {
    const eventId = await newEvent();
    const [ticket] = await t.database.db.select({ id: tickets.id }).from(tickets).limit(1);
    const res = await put(eventId, one({ id: ticket!.id, type: 'text', label: 'Saran' }));
    expect(res.status).toBe(200);
    expect(res.body.data.result.questions[0].id).not.toBe(ticket!.id);
  });
});

describe('the participant’s side, by e-ticket', () => {
  const HOUR = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  let n = 0;
  /** A registration of the event with its e-ticket code (22 base64url characters). */
  async function registration(eventId: string, status: RegistrantStatus = 'confirmed') {
    const db = t.database.db;
    const ticket = await db.query.tickets.findFirst({ where: (tk, { eq }) => eq(tk.eventId, eventId) });
    const code = `Kode${String(++n).padStart(4, '0')}${Date.now().toString(36)}`.padEnd(22, 'x').slice(0, 22);
    await db.insert(registrants).values({ eventId, ticketId: ticket!.id, name: `Peserta ${n}`, email: `peserta${n}@contoh.id`, quantity: 1, ticketCode: code, status });
    return code;
  }
  const form = (code: string) => call(t.app, { method: 'GET', url: `/v1/public/tickets/${code}/evaluation` });
  const send = (code: string, answers: { questionId: string; value: unknown }[]) => call(t.app, { method: 'POST', url: `/v1/public/tickets/${code}/evaluation`, payload: { answers } });

  /** An event whose form is open now (its window set around this moment). */
  async function openEvent() {
    const eventId = await newEvent();
    const saved = await put(eventId, { questions: QUESTIONS, opensAt: iso(Date.now() - HOUR), closesAt: iso(Date.now() + HOUR) });
    return { eventId, questions: saved.body.data.result.questions as { id: string; type: string }[] };
  }
  const full = (q: { id: string }[]) => [
    { questionId: q[0]!.id, value: 5 }, { questionId: q[1]!.id, value: 9 }, { questionId: q[2]!.id, value: 'Diskusi' },
    { questionId: q[3]!.id, value: ['Waktu', 'Materi'] }, { questionId: q[4]!.id, value: '  Lebih banyak sesi tanya jawab  ' },
  ];

  it('sees the window the organizer sees: without dates of its own, from when the last session starts', async () => {
    const eventId = await newEvent([
      { name: 'Pembukaan', startsAt: at('09:00'), endsAt: at('10:00') },
      { name: 'Diskusi', startsAt: at('10:30'), endsAt: at('12:00') },
    ]);
    const saved = (await put(eventId, { questions: QUESTIONS })).body.data.result;
    const shown = (await form(await registration(eventId))).body.data.result;
    expect(shown.window).toEqual(saved.window);
    expect(shown.window.opensAt).toBe(new Date(at('10:30')).toISOString());
    expect(shown.questions).toEqual(saved.questions);
  });

  it('shows the form, takes the answers once, and the organizer counts them', async () => {
    const { eventId, questions } = await openEvent();
    const code = await registration(eventId);
    const shown = await form(code);
    expect(shown.status).toBe(200);
    expect(shown.body.data.result).toMatchObject({ eventName: 'Lomba Esai Nasional 2027', open: true, answered: false });
    expect(shown.body.data.result.questions).toEqual(questions);
    const sent = await send(code, full(questions));
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(EVALUATION_MSG.answered);
    const [stored] = await t.database.db.select().from(evaluationAnswers).where(eq(evaluationAnswers.eventId, eventId));
    expect(stored!.answers).toContainEqual({ questionId: questions[4]!.id, value: 'Lebih banyak sesi tanya jawab' });
    expect((await form(code)).body.data.result.answered).toBe(true);
    const again = await send(code, full(questions));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ messageId: EVALUATION_ID.alreadyAnswered, message: EVALUATION_MSG.alreadyAnswered });
    expect((await get(eventId)).body.data.result.answers).toBe(1);
  });

  it('two sends at once record one answer', async () => {
    const { eventId, questions } = await openEvent();
    const code = await registration(eventId);
    const statuses = (await Promise.all([send(code, full(questions)), send(code, full(questions)), send(code, full(questions))])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect((await get(eventId)).body.data.result.answers).toBe(1);
  });

  it('names each question answered wrongly, and records nothing', async () => {
    const { eventId, questions: q } = await openEvent();
    const code = await registration(eventId);
    const res = await send(code, [
      { questionId: q[1]!.id, value: 11 }, { questionId: q[2]!.id, value: 'Penutupan' },
      { questionId: q[3]!.id, value: ['Waktu', 'Waktu'] }, { questionId: '00000000-0000-4000-8000-000000000000', value: 'x' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([
      { path: 'answers.00000000-0000-4000-8000-000000000000', message: EVALUATION_MSG.unknownQuestion },
      { path: `answers.${q[0]!.id}`, message: EVALUATION_MSG.required },
      { path: `answers.${q[1]!.id}`, message: EVALUATION_MSG.invalidAnswer },
      { path: `answers.${q[2]!.id}`, message: EVALUATION_MSG.invalidAnswer },
      { path: `answers.${q[3]!.id}`, message: EVALUATION_MSG.invalidAnswer },
    ]));
    expect((await get(eventId)).body.data.result.answers).toBe(0);
    const rating = await send(code, [{ questionId: q[0]!.id, value: 4.5 }, { questionId: q[1]!.id, value: 0 }]);
    expect(rating.body.errors).toEqual([{ path: `answers.${q[0]!.id}`, message: EVALUATION_MSG.invalidAnswer }]);
  });

  it('is closed outside its window, and open again when the organizer moves it', async () => {
    const { eventId, questions } = await openEvent();
    const code = await registration(eventId);
    await put(eventId, { questions, opensAt: iso(Date.now() - 3 * HOUR), closesAt: iso(Date.now() - HOUR) });
    expect((await form(code)).body.data.result.open).toBe(false);
    const late = await send(code, full(questions));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ messageId: EVALUATION_ID.closed, message: EVALUATION_MSG.closed });
    const fresh = await newEvent();
    await put(fresh, { questions: QUESTIONS });
    // Its default window opens when the event starts, 30 days from now.
    const early = await registration(fresh);
    expect((await send(early, [])).body.messageId).toBe(EVALUATION_ID.closed);
  });

  it('sums the answers per question for the organizer: mean, spread, NPS and the latest texts', async () => {
    const { eventId, questions: q } = await openEvent();
    const answersOf: unknown[][] = [
      [5, 10, 'Diskusi', ['Waktu', 'Materi'], 'Materinya padat'],
      [4, 7, 'Diskusi', ['Waktu'], null],
      [4, 3, null, [], 'Tempatnya sempit'],
    ];
    for (const values of answersOf) {
      const code = await registration(eventId);
      const res = await send(code, values.map((value, i) => ({ questionId: q[i]!.id, value })).filter((a) => a.value !== null));
      expect(res.status).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
    }
    await registration(eventId, 'pending');
    const res = await api('GET', `/v1/events/${eventId}/evaluation/summary`);
    expect(res.status).toBe(200);
    const { answers, participants, questions } = res.body.data.result;
    expect({ answers, participants }).toEqual({ answers: 3, participants: 3 });
    const dist = (pairs: [string, number][]) => pairs.map(([value, count]) => ({ value, count }));
    expect(questions[0]).toMatchObject({ type: 'rating', answers: 3, average: 4.33, nps: null, distribution: dist([['1', 0], ['2', 0], ['3', 0], ['4', 2], ['5', 1]]) });
    expect(questions[1]).toMatchObject({ type: 'nps', answers: 3, average: 6.67, nps: { promoters: 1, passives: 1, detractors: 1, score: 0 } });
    expect(questions[1].distribution).toHaveLength(11);
    expect(questions[2]).toMatchObject({ type: 'radio', answers: 2, average: null, distribution: dist([['Pembukaan', 0], ['Diskusi', 2]]) });
    expect(questions[3]).toMatchObject({ type: 'checkbox', answers: 2, distribution: dist([['Waktu', 2], ['Materi', 1], ['Tempat', 0]]) });
    expect(questions[4]).toMatchObject({ type: 'text', answers: 2, distribution: [] });
    expect(questions[4].latest.map((x: { text: string }) => x.text)).toEqual(['Tempatnya sempit', 'Materinya padat']);
    const org = (await findMembership(t.database.db, ids.org1, undefined))!.organizationId;
    const { staff } = await addMembers(t, org, ['staff'], 'ringkasan');
    expect((await api('GET', `/v1/events/${eventId}/evaluation/summary`, undefined, staff)).status).toBe(200);
    expect((await api('GET', `/v1/events/${eventId}/evaluation/summary`, undefined, org2)).status).toBe(404);
  });

  it('exports every answer as a row with a column per question, formula-safe, for owners, admins and finance', async () => {
    const { eventId, questions: q } = await openEvent();
    const code = await registration(eventId);
    const values: unknown[] = [5, 8, 'Diskusi', ['Waktu', 'Tempat'], '=HYPERLINK("http://x.id","klik")'];
    expect((await send(code, values.map((value, i) => ({ questionId: q[i]!.id, value })))).status).toBe(201);
    const csv = await api('GET', `/v1/events/${eventId}/evaluation/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename="evaluasi-lomba-esai-nasional-2027\.csv"$/);
    const lines = String(csv.body).replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe(['Nama', 'Email', 'Dijawab', ...QUESTIONS.map((x) => x.label)].join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Peserta \d+,peserta\d+@contoh\.id,\d+ \w+ \d{4} \d\d:\d\d,5,8,Diskusi,"Waktu, Tempat","'=HYPERLINK\(""http:\/\/x\.id"",""klik""\)"$/);
    const xlsx = await api('GET', `/v1/events/${eventId}/evaluation/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    const org = (await findMembership(t.database.db, ids.org1, undefined))!.organizationId;
    const { staff, finance } = await addMembers(t, org, ['staff', 'finance'], 'ekspor');
    expect((await api('GET', `/v1/events/${eventId}/evaluation/export`, undefined, finance)).status).toBe(200);
    expect((await api('GET', `/v1/events/${eventId}/evaluation/export`, undefined, staff)).status).toBe(403);
  });

  it('only a confirmed registration answers; unknown codes and events without a form are 404', async () => {
    const { eventId, questions } = await openEvent();
    for (const status of ['pending', 'cancelled', 'refunded'] as const) {
      const res = await send(await registration(eventId, status), full(questions));
      expect(res.status, status).toBe(409);
      expect(res.body.messageId, status).toBe(CHECKIN_ID.notConfirmed);
    }
    expect((await form('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await form('bukan kode')).status).toBe(404);
    const bare = await registration(await newEvent());
    expect((await form(bare)).status).toBe(404);
    expect((await send(bare, [])).status).toBe(404);
  });
});
