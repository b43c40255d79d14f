import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVALUATION_MSG, EVALUATION_PAGE_TEXT as T, type ETicket, type PublicEvaluation } from '@eo/contract';
import { certificates, events, registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { findTicket } from './public-registration.repository.js';
import { ticketPage } from './ticket-page.js';

const ticket: ETicket = {
  ticketCode: 'Kode_Tiket-1234567890ab', status: 'confirmed', checkedInAt: null, cancellable: false, cancelUntil: null,
  participant: { name: 'Sari' }, category: { id: 't1', name: 'Umum' },
  event: { id: 'e1', name: 'Seminar', startAt: null, endAt: null, dates: [{ date: '2026-12-01', startHour: '09:00', endHour: '11:00' }], experience: 'offline', location: 'Aula', streamLink: null },
  sessions: [], attendanceSessionId: null,
};
const links = { calendar: '/c.ics', event: '/e/e1' };
const assets = { script: '/assets/attendance-x.js', css: [] };
// Open from 1 December 2026, 09:00 WIB, until 8 December, 11:00 WIB.
const window = { opensAt: '2026-12-01T02:00:00.000Z', closesAt: '2026-12-08T04:00:00.000Z' };
const QUESTIONS: PublicEvaluation['questions'] = [
  { id: 'a1', type: 'rating', label: 'Seberapa puas <b>kamu</b>?', isRequired: true, options: [] },
  { id: 'a2', type: 'nps', label: 'Rekomendasi', isRequired: false, options: [] },
  { id: 'a3', type: 'radio', label: 'Sesi favorit', isRequired: false, options: ['Pagi "awal"', 'Sore'] },
  { id: 'a4', type: 'checkbox', label: 'Perlu ditingkatkan', isRequired: false, options: ['Waktu', 'Materi'] },
  { id: 'a5', type: 'text', label: 'Saran', isRequired: true, options: [] },
];
const form = (over: Partial<PublicEvaluation> = {}): PublicEvaluation => ({ eventName: 'Seminar', questions: QUESTIONS, window, open: true, answered: false, ...over });
const page = (evaluation: PublicEvaluation | null, now: string, t: ETicket = ticket) => ticketPage(t, links, { assets, siteName: 'EO', evaluation, now: new Date(now) });

describe('the e-ticket page\'s "Evaluasi"', () => {
  it('open: every question as a labelled group or box, the required ones marked, the typed text escaped, with the script', async () => {
    const html = await page(form(), '2026-12-02T00:00:00Z');
    expect(html).toContain('<form class="card" id="evaluasi" aria-labelledby="evaluasi-judul" data-ticket="Kode_Tiket-1234567890ab" novalidate>');
    expect(html).toContain(`<h2 id="evaluasi-judul">${T.title}</h2>`);
    expect(html).toContain(`<fieldset class="field q" data-q="a1" data-type="rating" data-required="1" aria-describedby="evaluasi-a1-hint evaluasi-a1-err"><legend>Seberapa puas &#60;b&#62;kamu&#60;/b&#62;? <span class="req" aria-hidden="true">*</span><span class="sr"> ${T.required}</span></legend>`);
    expect(html.match(/name="evaluasi-a1" value="\d"/g)).toHaveLength(5);
    expect(html.match(/name="evaluasi-a2" value="\d+"/g)).toHaveLength(11);
    expect(html).toContain(`<p class="muted" id="evaluasi-a2-hint">${T.npsScale}</p>`);
    expect(html).toContain('<legend>Rekomendasi</legend>');
    expect(html).toContain('<input type="radio" name="evaluasi-a3" value="Pagi &#34;awal&#34;"><span>Pagi &#34;awal&#34;</span>');
    expect(html).toContain('<input type="checkbox" name="evaluasi-a4" value="Materi">');
    expect(html).toContain('<label for="evaluasi-a5">Saran <span class="req" aria-hidden="true">*</span>');
    expect(html).toContain('<textarea id="evaluasi-a5" name="evaluasi-a5" rows="4" maxlength="2000" aria-describedby="evaluasi-a5-err" aria-required="true">');
    expect(html).toContain(T.requiredNote);
    expect(html).toContain(`<button type="submit" class="cta" id="evaluasi-kirim">${T.submit}</button>`);
    expect(html).not.toContain('<b>kamu</b>');
    expect(html).toContain('<script type="module" src="/assets/attendance-x.js"></script>');
  });

  it('before the window: when it opens, in WIB; after it: closed since; neither has a form or the script', async () => {
    const before = await page(form({ open: false }), '2026-11-30T00:00:00Z');
    expect(before).toMatch(/<section class="card" id="evaluasi" aria-labelledby="evaluasi-judul"><h2 id="evaluasi-judul">Evaluasi<\/h2><p>Evaluasi dibuka 1 Desember 2026, 09[.:]00 WIB\.<\/p><\/section>/);
    const after = await page(form({ open: false }), '2026-12-09T00:00:00Z');
    expect(after).toMatch(/<p>Evaluasi sudah ditutup sejak 8 Desember 2026, 11[.:]00 WIB\.<\/p>/);
    for (const html of [before, after]) {
      expect(html).not.toContain('<form');
      expect(html).not.toContain('<script');
    }
  });

  it('answered: says so, whatever the window', async () => {
    const html = await page(form({ answered: true }), '2026-12-02T00:00:00Z');
    expect(html).toContain(`<section class="card" id="evaluasi" aria-labelledby="evaluasi-judul"><h2 id="evaluasi-judul">${T.title}</h2><p class="done">${EVALUATION_MSG.alreadyAnswered}</p></section>`);
    expect(html).not.toContain('<form');
  });

  it('none without a form, without dates, or for a ticket that is not confirmed', async () => {
    for (const [evaluation, t] of [[null, ticket], [form({ window: null, open: false }), ticket], [form({ questions: [] }), ticket], [form(), { ...ticket, status: 'pending' }]] as const) {
      const html = await page(evaluation, '2026-12-02T00:00:00Z', t as ETicket);
      expect(html).not.toContain('evaluasi');
    }
  });
});

describe('GET /e/{eventId}/ticket/{ticketCode} with an evaluation', () => {
  let t: TestApp;
  let token: string;
  let eventId: string;
  let code: string;
  beforeAll(async () => {
    const team = await createTeamApp();
    t = team.t;
    token = team.org1;
    eventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Seminar Evaluasi', { days: 10, quota: 5 }));
    const tk = await t.database.db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) });
    const res = await call(t.app, {
      method: 'POST', url: `/v1/public/events/${eventId}/registrations`, remoteAddress: '198.51.100.31',
      payload: await withAltcha(t.app, { ticketId: tk!.id, participant: { name: 'Sari', email: 'sari.evaluasi@contoh.id', phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    code = res.body.data.result.ticketCode;
  });
  afterAll(() => t.close());

  const get = async () => (await t.app.inject({ method: 'GET', url: `/e/${eventId}/ticket/${code}`, remoteAddress: '198.51.100.32' })).body;
  const save = async (opensAt: Date, closesAt: Date) => {
    const res = await call(t.app, {
      method: 'PUT', url: `/v1/events/${eventId}/evaluation`, token,
      payload: { questions: [{ type: 'rating', label: 'Seberapa puas?', isRequired: true }], opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.result.questions[0].id as string;
  };

  it('has no section until the event has a form; then the form while open, and "answered" once the answers are in', async () => {
    // Without a form (or certificates) the page reads no further than the ticket.
    expect(await findTicket(t.database.db, code)).toMatchObject({ hasEvaluationForm: false, hasCertificates: false });
    expect(await get()).not.toContain('id="evaluasi"');
    const hour = 3_600_000;
    await save(new Date(Date.now() + hour), new Date(Date.now() + 2 * hour));
    expect(await findTicket(t.database.db, code)).toMatchObject({ hasEvaluationForm: true, hasCertificates: false });
    expect(await get()).toContain('Evaluasi dibuka');
    const questionId = await save(new Date(Date.now() - hour), new Date(Date.now() + hour));
    expect(await get()).toContain('<form class="card" id="evaluasi"');
    const sent = await call(t.app, { method: 'POST', url: `/v1/public/tickets/${code}/evaluation`, payload: { answers: [{ questionId, value: 4 }] } });
    expect(sent.status).toBe(201);
    const html = await get();
    expect(html).toContain(`<p class="done">${EVALUATION_MSG.alreadyAnswered}</p>`);
    expect(html).not.toContain('<form class="card" id="evaluasi"');
    await t.database.db.update(registrants).set({ status: 'cancelled' }).where(eq(registrants.ticketCode, code));
    expect(await get()).not.toContain('id="evaluasi"');
  });

  it('knows from the ticket whether the event has certificates given out (publishing or published)', async () => {
    const [event] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    const [cert] = await t.database.db.insert(certificates).values({ organizationId: event!.organizationId, creatorId: event!.creatorId, eventId, status: 'drafted', recipientType: 'attendees' })
      .returning({ id: certificates.id });
    const has = async () => (await findTicket(t.database.db, code))!.hasCertificates;
    expect(await has()).toBe(false);
    for (const status of ['publishing', 'published'] as const) {
      await t.database.db.update(certificates).set({ status }).where(eq(certificates.id, cert!.id));
      expect(await has(), status).toBe(true);
    }
  });
});
