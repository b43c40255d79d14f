import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationAnswers, registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

/** `GET /v1/events/{id}/evaluation/questions/{questionId}/answers`: a text question's answers, every one, by page. */
let t: TestApp;
let org1: string;
let org2: string;
let eventId: string;
let textId: string;
let ratingId: string;
const BASE = Date.parse('2026-12-01T03:00:00Z');

beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
  const created = await call(t.app, { method: 'POST', url: '/v1/events/create', token: org1, payload: validEventPayload() });
  expect(created.status).toBe(201);
  eventId = created.body.data.result.id;
  const form = await call(t.app, {
    method: 'PUT', url: `/v1/events/${eventId}/evaluation`, token: org1,
    payload: { questions: [{ type: 'rating', label: 'Puas?', isRequired: true }, { type: 'text', label: 'Saran', isRequired: false }] },
  });
  expect(form.status).toBe(200);
  [ratingId, textId] = form.body.data.result.questions.map((q: { id: string }) => q.id);
  // 25 answers a minute apart; every fifth skips the text question.
  const db = t.database.db;
  const ticket = await db.query.tickets.findFirst({ where: (tk, { eq }) => eq(tk.eventId, eventId) });
  for (let i = 0; i < 25; i++) {
    const [r] = await db.insert(registrants).values({
      eventId, ticketId: ticket!.id, name: `Peserta ${i}`, email: `teks-${i}@contoh.id`, quantity: 1, status: 'confirmed',
    }).returning({ id: registrants.id });
    const answers = [{ questionId: ratingId, value: 4 }, ...(i % 5 === 4 ? [] : [{ questionId: textId, value: `Saran ${i}` }])];
    await db.insert(evaluationAnswers).values({ registrantId: r!.id, eventId, answers, answeredAt: new Date(BASE + i * 60_000) });
  }
});
afterAll(() => t.close());

const page = (query: string, questionId = textId, token = org1) => call(t.app, { method: 'GET', url: `/v1/events/${eventId}/evaluation/questions/${questionId}/answers?${query}`, token });
// The 20 texts given, newest first.
const TEXTS = Array.from({ length: 25 }, (_, i) => i).filter((i) => i % 5 !== 4).reverse().map((i) => `Saran ${i}`);

describe('a text question\'s answers by page', () => {
  it('gives every text answer newest first, a page at a time, with the totals', async () => {
    const first = await page('page=1&limit=8');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 8, totalDocs: 20, totalPages: 3 });
    expect(first.body.data.docs.map((d: { text: string }) => d.text)).toEqual(TEXTS.slice(0, 8));
    expect(first.body.data.docs[0].answeredAt).toBe(new Date(BASE + 23 * 60_000).toISOString());
    const last = await page('page=3&limit=8');
    expect(last.body.data.docs.map((d: { text: string }) => d.text)).toEqual(TEXTS.slice(16));
    const past = await page('page=4&limit=8');
    expect(past.body.data).toMatchObject({ docs: [], page: 4, totalDocs: 20, totalPages: 3 });
  });

  it('pages by 10 without a query', async () => {
    const res = await page('');
    expect(res.body.data).toMatchObject({ page: 1, limit: 10, totalDocs: 20, totalPages: 2 });
    expect(res.body.data.docs).toHaveLength(10);
  });

  it('is 404 for a question that is not text or not of this form, and for another organization; 400 for a page too large', async () => {
    expect((await page('', ratingId)).status).toBe(404);
    expect((await page('', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page('', textId, org2)).status).toBe(404);
    expect((await page('limit=101')).status).toBe(400);
    expect((await page('page=0')).status).toBe(400);
  });
});
