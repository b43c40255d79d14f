import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPayloadSchema, MESSAGE_ID, PUBLIC_PAGE_MSG, publicEventSchema, wibDay } from '@eo/contract';
import { eventDailyMetrics, events, tickets } from '../../db/schema/index.js';
import { pageVersion } from './public-events.repository.js';
import { call, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';
import { EventWriteService } from '../events/event-write.service.js';
import { setApproval } from '../events/events.service.js';
import { escapeHtml } from '../../lib/public-html.js';
import { isBot, VisitorOnceADay } from '../../lib/visitor-once-a-day.js';

const DAY = 86_400_000;
const XSS = '<script>alert(1)</script>"\'&';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];
let paidId: string;
let freeId: string;

const getJson = (id: string) => call(t.app, { method: 'GET', url: `/v1/public/events/${id}` });
const getPage = (id: string, headers: Record<string, string> = { 'user-agent': BROWSER }, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/e/${id}`, headers, remoteAddress });
const viewsToday = async (eventId: string) => (await t.database.db.select({ n: sql<number>`coalesce(sum(${eventDailyMetrics.views}), 0)::int` })
  .from(eventDailyMetrics).where(and(eq(eventDailyMetrics.eventId, eventId), eq(eventDailyMetrics.day, wibDay(new Date())))))[0]!.n;

beforeAll(async () => {
  ({ t, ids } = await createTeamApp({ PUBLIC_URL: 'https://eo.example.id' }));
  const db = t.database.db;
  // Paid, online, 100 seats, the organizer's phone shown, a radio question.
  paidId = await createEvent(db, ids.org1, { payload: validEventPayload(), draft: false, eventDay: Date.now() + 30 * DAY });
  freeId = await createEvent(db, ids.org1, simpleEvent('Webinar Gratis', { days: 10, quota: 2 }));
});
afterAll(() => t.close());

describe('GET /v1/public/events/:eventId', () => {
  it('answers the public fields only: tickets with price and status, questions, absolute poster, no organizer email', async () => {
    const res = await getJson(paidId);
    expect(res.status).toBe(200);
    const ev = publicEventSchema.parse(res.body.data.result);
    expect(ev).toMatchObject({
      id: paidId, name: 'Lomba Esai Nasional 2027', type: 'Lomba', imageUrl: 'https://eo.example.id/files/poster.png',
      location: 'online', benefits: ['Sertifikat gratis'], eligibilities: ['Siswa SMA/SMK'], stepsToRegister: ['Screenshot bukti pendaftaran'],
      eventOrganizer: { name: 'Komunitas Literasi', phoneNumber: '6281234567890', instagramProfileUrl: null },
    });
    expect(ev.tickets).toEqual([expect.objectContaining({ name: 'Peserta Umum', type: 'paid', price: 50000, status: 'Available', remaining: 100 })]);
    expect(Date.parse(ev.tickets[0]!.registrationDeadline!)).toBeGreaterThan(Date.now());
    expect(ev.dates.startAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ev.questions).toEqual([expect.objectContaining({ name: 'Asal sekolah?', kind: 'radio', options: ['SMA', 'Universitas'], isRequired: true })]);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain('eo@literasi.id');
    expect(raw).not.toContain('meet.example.org');
    expect(raw).not.toContain('chat.whatsapp.com');
  });

  it('tickets by position with their exact deadline, dates and remaining seats; questions in form order with their ticket (one statement)', async () => {
    const db = t.database.db;
    const base = validEventPayload();
    const question = (name: string, step: number) => ({ name, type: 'text', isRequired: false, stepOrderNumber: step });
    const id = await createEvent(db, ids.org1, {
      draft: false, eventDay: Date.now() + 30 * DAY,
      payload: {
        ...base,
        registrationSteps: [question('Umum dua', 2), question('Umum satu', 1)],
        tickets: [
          { ...base.tickets[0], name: 'Satu', type: 'free', price: 0, fakePrice: undefined, originalQuota: 5, registrationSteps: [question('Tiket satu', 3)] },
          { ...base.tickets[0], name: 'Dua', type: 'free', price: 0, fakePrice: undefined, originalQuotaType: 'unlimited', originalQuota: -1, registrationSteps: [] },
        ],
      },
    });
    await registerMany(db, id, 2, new Date(), 'urut');
    const rows = await db.select().from(tickets).where(eq(tickets.eventId, id)).orderBy(tickets.position);
    const ev = publicEventSchema.parse((await getJson(id)).body.data.result);
    expect(ev.tickets.map((x) => [x.id, x.name, x.remaining, x.status, x.registrationDeadline])).toEqual([
      [rows[0]!.id, 'Satu', 3, 'Available', rows[0]!.registrationDeadlineAt!.toISOString()],
      [rows[1]!.id, 'Dua', null, 'Available', rows[1]!.registrationDeadlineAt!.toISOString()],
    ]);
    expect(ev.tickets[0]!.dates).toEqual([{ startAt: expect.stringMatching(/T02:00:00\.000Z$/), endAt: expect.stringMatching(/T05:00:00\.000Z$/) }]);
    expect(ev.questions.map((q) => [q.name, q.ticketId, q.order])).toEqual([['Umum satu', null, 1], ['Umum dua', null, 2], ['Tiket satu', rows[0]!.id, 3]]);
  });

  it('a category at its quota is Sold Out', async () => {
    await registerMany(t.database.db, freeId, 2, new Date(), 'sold');
    const ev = (await getJson(freeId)).body.data.result;
    expect(ev.tickets[0]).toMatchObject({ type: 'free', price: 0, status: 'Sold Out', remaining: 0 });
    const page = await getPage(freeId);
    expect(page.body).toContain(PUBLIC_PAGE_MSG.soldOut);
    expect(page.body).not.toContain(`#daftar-`);
  });

  it('is kept by the event version: a registration and an edit show at once, a deletion is 404 at once', async () => {
    const db = t.database.db;
    const id = await createEvent(db, ids.org1, simpleEvent('Json Lama', { days: 15, quota: 5 }));
    expect((await getJson(id)).body.data.result).toMatchObject({ name: 'Json Lama', tickets: [{ remaining: 5 }] });
    // A change that no edit could make (the version untouched) is not seen: the answer came from the cache.
    await db.update(events).set({ description: 'Tanpa versi baru' }).where(eq(events.id, id));
    expect((await getJson(id)).body.data.result.description).not.toBe('Tanpa versi baru');
    await registerMany(db, id, 2, new Date(), 'json');
    expect((await getJson(id)).body.data.result.tickets[0]).toMatchObject({ remaining: 3, status: 'Available' });
    const edited: ReturnType<typeof validEventPayload> = { ...simpleEvent('Json Baru', { days: 15, quota: 5 }).payload };
    const stored = await db.query.tickets.findFirst({ where: (tk, { eq: is }) => is(tk.eventId, id) });
    edited.tickets = [{ ...edited.tickets[0], id: stored!.id }];
    await new EventWriteService(db).update(await callerFor(db, ids.org1), id, eventPayloadSchema.parse(edited), 'edit');
    if ((await db.query.events.findFirst({ where: eq(events.id, id) }))!.approvedStatus !== 'approved') {
      expect((await getJson(id)).status).toBe(404);
      await setApproval(db, id, 'approved');
    }
    const after = (await getJson(id)).body.data.result;
    expect(after.name).toBe('Json Baru');
    expect(after.tickets[0]).toMatchObject({ remaining: 3 });
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, id));
    expect((await getJson(id)).status).toBe(404);
  });

  it('a hidden ticket and its questions are shown only with its code (any case), on the JSON and the page', async () => {
    const fixture = simpleEvent('Gala Tertutup', { days: 10, quota: 5 });
    const open = fixture.payload.tickets![0]!;
    fixture.payload.tickets = [open, { ...open, name: 'Undangan VIP', accessCode: 'Rahasia2027', registrationSteps: [{ name: 'Kode undangan fisik', type: 'text', isRequired: false, options: [] }] }];
    const id = await createEvent(t.database.db, ids.org1, fixture);
    const names = (ev: { tickets: { name: string }[] }) => ev.tickets.map((x) => x.name);
    const plain = (await getJson(id)).body.data.result;
    expect(names(plain)).toEqual([open.name]);
    expect(plain.questions).toEqual([]);
    const withCode = (await call(t.app, { method: 'GET', url: `/v1/public/events/${id}?kode=rahasia2027` })).body.data.result;
    expect(names(withCode)).toEqual([open.name, 'Undangan VIP']);
    expect(withCode.tickets[1]).toMatchObject({ hidden: true, requiresApproval: false, waitlist: false });
    expect(withCode.questions.map((q: { name: string }) => q.name)).toEqual(['Kode undangan fisik']);
    expect(names((await call(t.app, { method: 'GET', url: `/v1/public/events/${id}?kode=salah` })).body.data.result)).toEqual([open.name]);
    const page = await t.app.inject({ method: 'GET', url: `/e/${id}?kode=RAHASIA2027`, headers: { 'user-agent': BROWSER } });
    expect(page.body).toContain('Undangan VIP');
    expect(page.body).toContain('name="accessCode" id="reg-access-code" value="RAHASIA2027"');
    const without = (await getPage(id)).body;
    expect(without).not.toContain('Undangan VIP');
    expect(without).not.toContain('accessCode');
  });

  it('unknown, malformed, draft, pending, rejected and deleted events are 404', async () => {
    const db = t.database.db;
    const draft = await createEvent(db, ids.org1, simpleEvent('Draf', { days: 10, draft: true }));
    const pending = await createEvent(db, ids.org1, { ...simpleEvent('Menunggu', { days: 10 }), approved: false });
    const rejected = await createEvent(db, ids.org1, simpleEvent('Ditolak', { days: 10 }));
    await setApproval(db, rejected, 'rejected');
    const deleted = await createEvent(db, ids.org1, simpleEvent('Dihapus', { days: 10 }));
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deleted));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', draft, pending, rejected, deleted]) {
      const res = await getJson(id);
      expect(res.status, id).toBe(404);
      expect(res.body.messageId).toBe(MESSAGE_ID.notFound);
      const page = await getPage(id);
      expect(page.statusCode, id).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(PUBLIC_PAGE_MSG.notFoundTitle);
    }
  });
});

describe('GET /e/:eventId', () => {
  it('is complete HTML with Open Graph tags (absolute image and URL), no script, WIB dates, price and the app link', async () => {
    const res = await getPage(paidId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Lomba Esai Nasional 2027 · EO Dashboard</title>');
    expect(html).toContain('<meta property="og:title" content="Lomba Esai Nasional 2027">');
    expect(html).toContain('<meta property="og:image" content="https://eo.example.id/files/poster.png">');
    expect(html).toContain(`<meta property="og:url" content="https://eo.example.id/e/${paidId}">`);
    // A poster not in our store previews as itself, in a small card (a portrait one would be cropped in a large one).
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toMatch(/<meta name="description" content="Kompetisi esai/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Rp50.000,00');
    expect(html).toContain(PUBLIC_PAGE_MSG.buyInApp);
    expect(html).toMatch(/\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}, 09:00–12:00 WIB/);
    expect(html).toContain(PUBLIC_PAGE_MSG.online);
    expect(html).not.toContain('eo@literasi.id');
  });

  it('a free ticket links to its registration form; an address gets a map link', async () => {
    const payload = simpleEvent('Seminar Offline', { days: 12 });
    payload.payload = {
      ...payload.payload, experience: 'offline', eventStreamQuestion: null, eventStreamLink: null,
      location: 'Jl. Merdeka 1, Bandung', eventCoordinateLat: -6.9, eventCoordinateLong: 107.6,
    } as typeof payload.payload;
    const id = await createEvent(t.database.db, ids.org1, payload);
    const ev = (await getJson(id)).body.data.result;
    expect(ev.location).toMatchObject({ address: 'Jl. Merdeka 1, Bandung', mapUrl: 'https://www.google.com/maps/search/?api=1&query=-6.9%2C107.6' });
    const html = (await getPage(id)).body;
    expect(html).toContain(`href="#daftar-${ev.tickets[0].id}"`);
    expect(html).toContain(PUBLIC_PAGE_MSG.register);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&#38;query=-6.9%2C107.6"');
  });

  it('everything the organizer typed is text, never markup', async () => {
    const base = validEventPayload();
    const payload = {
      ...base, name: `Nama ${XSS}`, description: `Deskripsi ${XSS}`,
      additionalBenefit: [`Benefit ${XSS}`], additionalEligibility: [`Syarat ${XSS}`], additionalStepsToRegister: [`Langkah ${XSS}`],
      eventOrganizer: { ...base.eventOrganizer, name: `EO ${XSS}` },
      tickets: [{ ...base.tickets[0], name: `Tiket ${XSS}` }],
    };
    const id = await createEvent(t.database.db, ids.org1, { payload, draft: false, eventDay: Date.now() + 30 * DAY });
    const html = (await getPage(id)).body;
    expect(html).not.toContain('<script>');
    for (const field of ['Nama', 'Deskripsi', 'Benefit', 'Syarat', 'Langkah', 'EO', 'Tiket']) {
      expect(html, field).toContain(`${field} ${escapeHtml(XSS)}`);
    }
    expect(escapeHtml(XSS)).toBe('&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;&#38;');
  });

  it('lists the sessions in the order they start, each with its day and WIB hours, names as text', async () => {
    const payload = validEventPayload();
    const day = payload.tickets[0].dates[0].date;
    payload.sessions = [
      { name: `Diskusi ${XSS}`, startsAt: `${day}T10:30:00+07:00`, endsAt: `${day}T12:00:00+07:00` },
      { name: 'Pembukaan', startsAt: `${day}T09:00:00+07:00`, endsAt: `${day}T10:15:00+07:00` },
    ];
    const id = await createEvent(t.database.db, ids.org1, { payload, draft: false, eventDay: Date.now() + 30 * DAY });
    const ev = publicEventSchema.parse((await getJson(id)).body.data.result);
    expect(ev.sessions).toEqual([
      { name: 'Pembukaan', startAt: new Date(`${day}T09:00:00+07:00`).toISOString(), endAt: new Date(`${day}T10:15:00+07:00`).toISOString() },
      { name: `Diskusi ${XSS}`, startAt: new Date(`${day}T10:30:00+07:00`).toISOString(), endAt: new Date(`${day}T12:00:00+07:00`).toISOString() },
    ]);
    const html = (await getPage(id)).body;
    expect(html).toContain(`<h2>${PUBLIC_PAGE_MSG.sessions}</h2>`);
    expect(html).toMatch(/<li><b>Pembukaan<\/b> [^<]*, 09:00–10:15 WIB<\/li><li><b>Diskusi &#60;script&#62;[^<]*<\/b> [^<]*, 10:30–12:00 WIB<\/li>/);
    expect((await getPage(paidId)).body).not.toContain(PUBLIC_PAGE_MSG.sessions);
    expect((await getJson(paidId)).body.data.result.sessions).toEqual([]);
  });

  it('passes the app\'s CSP (inline styles only, no script) and is built for phones', async () => {
    const res = await getPage(paidId);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(res.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(res.body).not.toMatch(/ style=/);
    // Nothing has a fixed width wider than a 375 px phone.
    for (const [, px] of res.body.matchAll(/(?:^|[;{])(?:min-)?width:(\d+)px/g)) expect(Number(px)).toBeLessThanOrEqual(375);
  });

  it('a HEAD request is answered but not counted', async () => {
    const id = await createEvent(t.database.db, ids.org1, simpleEvent('Dicek', { days: 20 }));
    const res = await t.app.inject({ method: 'HEAD', url: `/e/${id}`, headers: { 'user-agent': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(await viewsToday(id)).toBe(0);
  });

  it('an edit shows at once (the cached page is keyed by the event version)', async () => {
    const db = t.database.db;
    const id = await createEvent(db, ids.org1, simpleEvent('Nama Lama', { days: 15 }));
    expect((await getPage(id)).body).toContain('Nama Lama');
    // A change that no edit could make (the version untouched) is not seen: the page came from the cache.
    await db.update(events).set({ description: 'Tanpa versi baru' }).where(eq(events.id, id));
    expect((await getPage(id)).body).not.toContain('Tanpa versi baru');
    const edited: ReturnType<typeof validEventPayload> = { ...simpleEvent('Nama Baru', { days: 15 }).payload };
    const stored = await db.query.tickets.findFirst({ where: (tk, { eq: is }) => is(tk.eventId, id) });
    edited.tickets = [{ ...edited.tickets[0], id: stored!.id }];
    await new EventWriteService(db).update(await callerFor(db, ids.org1), id, eventPayloadSchema.parse(edited), 'edit');
    const after = await db.query.events.findFirst({ where: eq(events.id, id) });
    if (after!.approvedStatus !== 'approved') {
      expect((await getPage(id)).statusCode).toBe(404);
      await setApproval(db, id, 'approved');
    }
    const html = (await getPage(id)).body;
    expect(html).toContain('Nama Baru');
    expect(html).not.toContain('Nama Lama');
  });
});

describe('GET /e/:eventId and its version', () => {
  it('a change made in SQL shows on the next request: every request reads the version', async () => {
    const db = t.database.db;
    const id = await createEvent(db, ids.org1, simpleEvent('Kursi Terbatas', { days: 12, quota: 30 }));
    expect((await getPage(id)).body).toContain('Sisa 30 kursi');
    await db.update(tickets).set({ quota: 29 }).where(eq(tickets.eventId, id));
    expect((await getPage(id)).body).toContain('Sisa 29 kursi');
  });

  it('carries an ETag and no-cache: an unchanged page answers 304 with no body, a changed one 200 with a new ETag', async () => {
    const db = t.database.db;
    const id = await createEvent(db, ids.org1, simpleEvent('Kursi Validasi', { days: 12, quota: 30 }));
    const first = await getPage(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await getPage(id, { 'user-agent': BROWSER, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    await db.update(tickets).set({ quota: 29 }).where(eq(tickets.eventId, id));
    const changed = await getPage(id, { 'user-agent': BROWSER, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Sisa 29 kursi');
    expect(changed.headers.etag).not.toBe(etag);
    const gone = await getPage('00000000-0000-4000-8000-000000000000', { 'user-agent': BROWSER, 'if-none-match': etag });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.etag).toBeUndefined();
  });

  it('the page version moves with a ticket\'s seats and deadline', async () => {
    const db = t.database.db;
    const id = await createEvent(db, ids.org1, simpleEvent('Versi Kursi', { days: 12, quota: 30 }));
    const before = await pageVersion(db, id);
    expect(before?.seats).toMatch(/^[0-9a-f-]{36}:30:\d+$/);
    await db.update(tickets).set({ quota: 29 }).where(eq(tickets.eventId, id));
    expect((await pageVersion(db, id))?.seats).toMatch(/:29:\d+$/);
  });
});

describe('views', () => {
  it('count once per visitor per day; preview bots do not count; the JSON read does not count', async () => {
    const id = await createEvent(t.database.db, ids.org1, simpleEvent('Dilihat', { days: 20 }));
    expect(await viewsToday(id)).toBe(0);
    await getPage(id);
    await getPage(id);
    await getJson(id);
    expect(await viewsToday(id)).toBe(1);
    await getPage(id, { 'user-agent': BROWSER }, '10.0.0.2');
    await getPage(id, { 'user-agent': `${BROWSER} Firefox` }, '10.0.0.2');
    expect(await viewsToday(id)).toBe(3);
    for (const ua of ['WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Twitterbot/1.0', 'TelegramBot (like TwitterBot)']) {
      expect((await getPage(id, { 'user-agent': ua }, '10.0.0.9')).statusCode).toBe(200);
    }
    expect(await viewsToday(id)).toBe(3);
    // Another event is another view for the same visitor.
    await getPage(paidId, { 'user-agent': BROWSER }, '10.0.0.77');
    expect(await viewsToday(paidId)).toBeGreaterThanOrEqual(1);
  });

  it('remembers only keyed hashes, forgets them the next WIB day and stays bounded', () => {
    const views = new VisitorOnceADay('secret', 'public-event-views', 3);
    const day1 = new Date('2026-11-24T10:00:00Z');
    expect(views.firstToday('e1', '203.0.113.5', 'UA', day1)).toBe(true);
    expect(views.firstToday('e1', '203.0.113.5', 'UA', day1)).toBe(false);
    expect(views.remembered().join()).not.toContain('203.0.113.5');
    // 17:00 UTC is already the next day in WIB.
    expect(views.firstToday('e1', '203.0.113.5', 'UA', new Date('2026-11-24T17:00:00Z'))).toBe(true);
    for (const ip of ['1', '2', '3', '4']) views.firstToday('e1', ip, 'UA', day1);
    expect(views.remembered().length).toBeLessThanOrEqual(3);
    expect(isBot('WhatsApp/2.2')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot(BROWSER)).toBe(false);
  });
});
