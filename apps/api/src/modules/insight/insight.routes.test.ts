import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wibDay, wibInstant } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;
let eventId: string;

const window = (from: string, to: string, extra = '') =>
  `startTime=${wibInstant(from).toISOString()}&endTime=${wibInstant(to, '23:59').toISOString()}&granularity=day&timeZone=Asia/Jakarta${extra}`;
const get = (url: string, token = org1) => call(t.app, { method: 'GET', url, token });
const counts = (res: { body: any }) => res.body.data.result.map((p: { count: number }) => p.count);

beforeAll(async () => {
  ({ t, org1, org2, admin } = await createTeamApp());
  const db = t.database.db;
  const owner = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'organizer@demo.id') });
  eventId = await createEvent(db, owner!.id, simpleEvent('Lomba Insight', { days: 30, price: 25000, quota: 100 }));
  const ticket = await db.query.tickets.findFirst({ where: (tk, { eq }) => eq(tk.eventId, eventId) });
  const platform = new PlatformService(db);
  // 23:30 WIB on the 10th is still the 10th; 00:30 WIB on the 11th is 17:30 UTC on the 10th.
  await platform.recordViews(eventId, wibInstant('2025-03-10', '23:30'), 3);
  await platform.recordViews(eventId, wibInstant('2025-03-11', '00:30'));
  await platform.recordViews(eventId, wibInstant('2025-03-12', '08:00'), 2);
  await platform.save(eventId, 'u1', wibInstant('2025-03-10', '10:00'));
  await platform.save(eventId, 'u1', wibInstant('2025-03-11', '10:00')); // saving twice counts once
  await platform.save(eventId, 'u2', wibInstant('2025-03-11', '23:59'));
  const people: [string, string | null, string | null][] = [
    ['2025-03-10', 'S1', 'Perempuan'], ['2025-03-10', 'S1', 'Laki-laki'], ['2025-03-11', 'SMA/SMK', 'Perempuan'],
    ['2025-03-12', null, null], ['2025-03-12', 'S2', 'Perempuan'],
  ];
  const results = [];
  for (const [i, [day, lastEducation, gender]] of people.entries()) {
    results.push(await platform.register(eventId, {
      ticketId: ticket!.id, participant: { name: `P${i}`, email: `p${i}@contoh.id`, lastEducation, gender },
    }, wibInstant(day, '12:00')));
  }
  // The S2 registrant is refunded: still a sign-up on the 12th, no longer in the groups.
  await platform.refund(results[4].transactionId!, wibInstant('2025-03-13', '09:00'));
});
afterAll(() => t.close());

describe('insight series', () => {
  it('views per WIB day, zero-filled, named Views', async () => {
    const res = await get(`/v1/events/${eventId}/views?${window('2025-03-08', '2025-03-13')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.result[0]).toEqual({ time: '2025-03-08', count: 0, name: 'Views' });
    expect(res.body.data.result.map((p: { time: string }) => p.time)).toEqual(
      ['2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13']);
    expect(counts(res)).toEqual([0, 0, 3, 1, 2, 0]);
  });

  it('saves (Saved) and registrants (Pendaftar) per WIB day; a refund keeps its sign-up day', async () => {
    const saved = await get(`/v1/event-foll/${eventId}/insight?${window('2025-03-10', '2025-03-12')}`);
    expect(saved.body.data.result.map((p: { name: string }) => p.name)).toEqual(['Saved', 'Saved', 'Saved']);
    expect(counts(saved)).toEqual([1, 1, 0]);
    const regist = await get(`/v1/event-regist/${eventId}/insight?${window('2025-03-10', '2025-03-12')}`);
    expect(regist.body.data.result[0].name).toBe('Pendaftar');
    expect(counts(regist)).toEqual([2, 1, 2]);
  });

  it('the window runs from the WIB day of startTime to the WIB day of endTime', async () => {
    // 17:00 UTC on the 9th is 00:00 WIB on the 10th; 16:59 UTC on the 11th is 23:59 WIB on the 11th.
    const res = await get(`/v1/events/${eventId}/views?startTime=2025-03-09T17:00:00Z&endTime=2025-03-11T16:59:59.999Z&timeZone=Asia/Jakarta&granularity=day`);
    expect(res.body.data.result.map((p: { time: string }) => p.time)).toEqual(['2025-03-10', '2025-03-11']);
    const offset = await get(`/v1/events/${eventId}/views?startTime=2025-03-10T23:30:00%2B07:00&endTime=2025-03-10T23:30:00%2B07:00`);
    expect(offset.body.data.result).toEqual([{ time: '2025-03-10', count: 3, name: 'Views' }]);
  });

  it('a missing end of the window defaults to 10 WIB days: from startTime, up to endTime, or ending today', async () => {
    const days = async (q: string) => (await get(`/v1/events/${eventId}/views?${q}`)).body.data.result.map((p: { time: string }) => p.time);
    const fromStart = await days(`startTime=${wibInstant('2025-03-10').toISOString()}`);
    expect([fromStart[0], fromStart.at(-1), fromStart.length]).toEqual(['2025-03-10', '2025-03-19', 10]);
    const toEnd = await days(`endTime=${wibInstant('2025-03-12', '23:59').toISOString()}`);
    expect([toEnd[0], toEnd.at(-1), toEnd.length]).toEqual(['2025-03-03', '2025-03-12', 10]);
    const latest = await days('');
    expect([latest.at(-1), latest.length]).toEqual([wibDay(new Date()), 10]);
  });

  it('counts a view sent through the platform call on today\'s WIB day', async () => {
    const today = wibDay(new Date());
    const before = counts(await get(`/v1/events/${eventId}/views?${window(today, today)}`))[0];
    const res = await call(t.app, { method: 'POST', url: `/v1/platform/events/${eventId}/views`, headers: { 'x-platform-key': 'test-platform-key' } });
    expect(res.status).toBe(204);
    expect(counts(await get(`/v1/events/${eventId}/views?${window(today, today)}`))).toEqual([before + 1]);
  });

  it('validates the window: order, at most 366 days, day granularity, Asia/Jakarta, ISO instants', async () => {
    const url = (q: string) => `/v1/events/${eventId}/views?${q}`;
    expect((await get(url(window('2024-01-01', '2024-12-31')))).body.data.result).toHaveLength(366);
    const base = window('2025-03-10', '2025-03-12');
    const refused: [string, string][] = [
      [window('2025-03-12', '2025-03-10'), 'endTime must not be before startTime'],
      [window('2024-01-01', '2025-01-01'), 'The window spans at most 366 days'],
      [base.replace('granularity=day', 'granularity=hour'), "granularity must be 'day'"],
      [base.replace('timeZone=Asia/Jakarta', 'timeZone=UTC'), "timeZone must be 'Asia/Jakarta'"],
      ['startTime=2025-03-10&endTime=2025-03-12', 'Must be an ISO-8601 instant, e.g. 2026-01-31T17:00:00.000Z'],
      [`endTime=${wibInstant('2025-03-12').toISOString()}&startTime=yesterday`, 'Must be an ISO-8601 instant, e.g. 2026-01-31T17:00:00.000Z'],
    ];
    for (const [q, message] of refused) {
      const res = await get(url(q));
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ messageId: 'VALIDATION_ERROR', message });
    }
  });
});

describe('insight groups', () => {
  it('education: every level in order, refunds excluded, no answer as Lainnya', async () => {
    const res = await get(`/v1/event-regist/${eventId}/insight/education`);
    expect(res.body.data.result).toEqual([
      { lastEducation: 'SMP', count: 0 }, { lastEducation: 'SMA/SMK', count: 1 }, { lastEducation: 'D3', count: 0 },
      { lastEducation: 'S1', count: 2 }, { lastEducation: 'S2', count: 0 }, { lastEducation: 'S3', count: 0 },
      { lastEducation: 'Lainnya', count: 1 },
    ]);
  });

  it('gender: both values, no answer as Tidak diketahui', async () => {
    const res = await get(`/v1/event-regist/${eventId}/insight/gender`);
    expect(res.body.data.result).toEqual([
      { gender: 'Laki-laki', count: 1 }, { gender: 'Perempuan', count: 2 }, { gender: 'Tidak diketahui', count: 1 },
    ]);
  });
});

describe('insight access', () => {
  const q = window('2025-03-10', '2025-03-12');
  const urls = () => [
    `/v1/events/${eventId}/views?${q}`, `/v1/event-foll/${eventId}/insight?${q}`, `/v1/event-regist/${eventId}/insight?${q}`,
    `/v1/event-regist/${eventId}/insight/education`, `/v1/event-regist/${eventId}/insight/gender`,
  ];

  it("another organizer's event answers 404, like an unknown id; a globalAdmin sees it", async () => {
    for (const url of urls()) {
      expect((await get(url, org2)).status, url).toBe(404);
      expect((await get(url, admin)).status, url).toBe(200);
    }
    expect((await get(`/v1/events/00000000-0000-4000-8000-000000000000/views?${q}`)).status).toBe(404);
    expect((await get(`/v1/event-regist/nope/insight/gender`)).status).toBe(404);
  });
});
