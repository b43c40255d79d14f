import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendanceCodes, registrants } from '../../db/schema/index.js';
import { ATTENDANCE_EVENT_MAX_WRONG, ATTENDANCE_EVENT_WINDOW_MS, ATTENDANCE_ID, ATTENDANCE_MAX_TRIES, ATTENDANCE_MSG, CHECKIN_ID, CHECKIN_MSG, fill, ORGANIZATION_HEADER } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

/**
 * Online attendance ("Kode Presensi"): the code's rules and window, attending by
 * ticket code (e-ticket page) and by email or ticket code (platform intake), wrong codes counted
 * per participant up to the limit (also under concurrent tries), a new code giving new tries,
 * refunds, and attendance counting as a check-in everywhere.
 */
let t: TestApp;
let owner: string;
let eventId: string;
let offlineEventId: string;
let otherEventId: string;
let org1Id: string;
let people: Awaited<ReturnType<typeof registerMany>>;
let others: Awaited<ReturnType<typeof registerMany>>;
const token = {} as Record<'staff' | 'finance', string>;
const KEY = { 'x-platform-key': 'test-platform-key' };
const HOUR = 3_600_000;

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Webinar Karier', { days: 1, price: 25_000 }));
  const offline = simpleEvent('Workshop Tatap Muka', { days: 1 });
  offline.payload = { ...offline.payload, experience: 'offline', location: 'Aula Kampus', ...offlineFields() };
  offlineEventId = await createEvent(db, team.ids.org1, offline);
  otherEventId = await createEvent(db, team.ids.org2, simpleEvent('Webinar Lain', { days: 1 }));
  people = await registerMany(db, eventId, 8, new Date(Date.now() - 2 * 86_400_000));
  others = await registerMany(db, otherEventId, 1, new Date(Date.now() - 2 * 86_400_000), 'lain');
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['staff', 'finance'], 'presensi'));
}, 60_000);
afterAll(() => t?.close());

/** What an offline event's payload needs beside `experience` (the validated form asks for a place). */
function offlineFields() {
  const base = validEventPayload() as Record<string, unknown>;
  return Object.fromEntries(Object.entries(base).filter(([k]) => /^(province|city|address|latitude|longitude|location)/.test(k)));
}

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const window = (fromNow: number, length: number) => ({ opensAt: new Date(Date.now() + fromNow).toISOString(), closesAt: new Date(Date.now() + fromNow + length).toISOString() });
const setCode = (payload: object, as = owner, event = eventId) =>
  call(t.app, { method: 'PUT', url: `/v1/events/${event}/attendance-code`, token: as, headers: headers(), payload });
const getCode = (as = owner) => call(t.app, { method: 'GET', url: `/v1/events/${eventId}/attendance-code`, token: as, headers: headers() });
const attend = (ticketCode: string, code: string) => call(t.app, { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode, code } });
const attendOnPlatform = (payload: object) =>
  call(t.app, { method: 'POST', url: `/v1/platform/events/${eventId}/attendance`, headers: KEY, payload });

describe('PUT /v1/events/:id/attendance-code', () => {
  it('has no code at first (null); refuses a bad code, a window that ends first or lasts over 24 h, and an offline event', async () => {
    expect((await getCode()).body.data.result).toBeNull();
    const bad = await setCode({ code: 'AB', ...window(0, HOUR) });
    expect([bad.status, bad.body.message]).toEqual([400, ATTENDANCE_MSG.codeRule]);
    // At least 6 letters or digits: a 4- or 5-character code falls to guessing.
    for (const short of ['ABCD', 'HADIR']) expect((await setCode({ code: short, ...window(0, HOUR) })).body.message).toBe(ATTENDANCE_MSG.codeRule);
    const symbols = await setCode({ code: 'AB-12', ...window(0, HOUR) });
    expect(symbols.body.message).toBe(ATTENDANCE_MSG.codeRule);
    const { opensAt, closesAt } = window(0, HOUR);
    const reversed = await setCode({ code: 'HADIR1', opensAt: closesAt, closesAt: opensAt });
    expect([reversed.status, reversed.body.message]).toEqual([400, ATTENDANCE_MSG.windowOrder]);
    const long = await setCode({ code: 'HADIR1', ...window(0, 25 * HOUR) });
    expect([long.status, long.body.message]).toEqual([400, ATTENDANCE_MSG.windowLength]);
    const offline = await setCode({ code: 'HADIR1', ...window(0, HOUR) }, owner, offlineEventId);
    expect([offline.status, offline.body.message]).toEqual([409, ATTENDANCE_MSG.onlineOnly]);
    expect((await getCode()).body.data.result).toBeNull();
  });

  it('staff set it (upper-cased, spaces dropped); finance may neither read nor set it; another organization\'s event is 404', async () => {
    const set = await setCode({ code: ' ha dir 26 ', ...window(-HOUR, 2 * HOUR) }, token.staff);
    expect([set.status, set.body.message]).toEqual([200, ATTENDANCE_MSG.saved]);
    expect(set.body.data.result).toMatchObject({ code: 'HADIR26', setBy: 'Anggota staff', attended: 0 });
    expect((await getCode(token.staff)).body.data.result.code).toBe('HADIR26');
    for (const res of [await getCode(token.finance), await setCode({ code: 'HADIR27', ...window(0, HOUR) }, token.finance)]) {
      expect([res.status, res.body.messageId]).toEqual([403, 'FORBIDDEN_ROLE']);
    }
    expect((await setCode({ code: 'HADIR27', ...window(0, HOUR) }, owner, otherEventId)).status).toBe(404);
  });
});

describe('POST /v1/public/attendance', () => {
  it('the right code in the window checks the participant in; again is 201 `already` with the first time', async () => {
    await setCode({ code: 'HADIR26', ...window(-HOUR, 2 * HOUR) });
    const res = await attend(people[0].ticketCode, 'hadir26');
    expect([res.status, res.body.message]).toEqual([201, ATTENDANCE_MSG.attended]);
    expect(res.body.data.result).toMatchObject({ eventName: 'Webinar Karier', name: 'Peserta 0', already: false });
    const again = await attend(people[0].ticketCode, 'HADIR26');
    expect([again.status, again.body.message, again.body.data.result.already]).toEqual([201, ATTENDANCE_MSG.alreadyAttended, true]);
    expect(again.body.data.result.attendedAt).toBe(res.body.data.result.attendedAt);
    expect((await call(t.app, { method: 'GET', url: `/v1/public/tickets/${people[0].ticketCode}` })).body.data.result.checkedInAt).toBe(res.body.data.result.attendedAt);
  });

  it('counts as a check-in: the counters, the door (already, "Presensi online"), the participant list and the code\'s count', async () => {
    const summary = (await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/summary`, token: owner, headers: headers() })).body.data.result;
    expect(summary.checkedIn).toBe(1);
    expect(summary.recent[0]).toMatchObject({ name: 'Peserta 0', by: ATTENDANCE_MSG.by });
    const door = await call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins`, token: owner, headers: headers(), payload: { code: people[0].ticketCode } });
    expect([door.status, door.body.messageId, door.body.data.checkedInBy]).toEqual([409, CHECKIN_ID.alreadyCheckedIn, ATTENDANCE_MSG.by]);
    const list = await call(t.app, { method: 'GET', url: `/v1/event-regist/lists?eventId=${eventId}&limit=50`, token: owner, headers: headers() });
    const row = list.body.data.docs.find((r: { name: string }) => r.name === 'Peserta 0');
    expect(row.checkedInBy).toBe(ATTENDANCE_MSG.by);
    expect((await getCode()).body.data.result.attended).toBe(1);
  });

  it('wrong codes: 400 with the tries left, then 429 (even for the right code) until a new code is set', async () => {
    const code = people[1].ticketCode;
    for (let left = ATTENDANCE_MAX_TRIES - 1; left >= 0; left--) {
      const res = await attend(code, 'SALAH1');
      expect([res.status, res.body.messageId, res.body.message, res.body.data]).toEqual([400, ATTENDANCE_ID.wrong, fill(ATTENDANCE_MSG.wrong, { left }), { triesLeft: left }]);
    }
    const blocked = await attend(code, 'HADIR26');
    expect([blocked.status, blocked.body.messageId, blocked.body.message]).toEqual([429, ATTENDANCE_ID.tooManyTries, ATTENDANCE_MSG.tooManyTries]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another participant is not held back by them.
    expect((await attend(people[2].ticketCode, 'HADIR26')).status).toBe(201);
    await setCode({ code: 'HADIR27', ...window(-HOUR, 2 * HOUR) });
    expect((await attend(code, 'HADIR26')).status).toBe(400);
    expect((await attend(code, 'HADIR27')).status).toBe(201);
  });

  it('concurrent wrong tries of one participant never pass the limit', async () => {
    await setCode({ code: 'HADIR28', ...window(-HOUR, 2 * HOUR) });
    const all = await Promise.all(Array.from({ length: 12 }, () => attend(people[3].ticketCode, 'SALAH2')));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(ATTENDANCE_MAX_TRIES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - ATTENDANCE_MAX_TRIES);
  });

  it('outside the window, or before any code: 409 ATTENDANCE_CLOSED (no try counted)', async () => {
    const before = await attend(others[0].ticketCode, 'APAPUN');
    expect([before.status, before.body.messageId, before.body.message]).toEqual([409, ATTENDANCE_ID.closed, ATTENDANCE_MSG.closed]);
    await setCode({ code: 'HADIR29', ...window(HOUR, HOUR) });
    const early = await attend(people[4].ticketCode, 'HADIR29');
    expect([early.status, early.body.messageId]).toEqual([409, ATTENDANCE_ID.closed]);
    expect(early.body.data).toMatchObject({ opensAt: expect.any(String), closesAt: expect.any(String) });
    await setCode({ code: 'HADIR29', ...window(-2 * HOUR, HOUR) });
    expect((await attend(people[4].ticketCode, 'HADIR29')).body.messageId).toBe(ATTENDANCE_ID.closed);
  });

  it('an unknown ticket is 404 TICKET_NOT_FOUND; a refunded one 409 TICKET_REFUNDED', async () => {
    await setCode({ code: 'HADIR30', ...window(-HOUR, 2 * HOUR) });
    const unknown = await attend('AAAAAAAAAAAAAAAAAAAAAA', 'HADIR30');
    expect([unknown.status, unknown.body.messageId, unknown.body.message]).toEqual([404, CHECKIN_ID.ticketNotFound, CHECKIN_MSG.ticketNotFound]);
    await new PlatformService(t.database.db).refund(people[5].transactionId!);
    const refunded = await attend(people[5].ticketCode, 'HADIR30');
    expect([refunded.status, refunded.body.messageId]).toEqual([409, CHECKIN_ID.refunded]);
  });

  it('a registration awaiting approval is 409 TICKET_NOT_CONFIRMED', async () => {
    await setCode({ code: 'HADIR30', ...window(-HOUR, 2 * HOUR) });
    const [applicant] = await registerMany(t.database.db, eventId, 1, new Date(Date.now() - 86_400_000), 'seleksi');
    await t.database.db.update(registrants).set({ status: 'pending' }).where(eq(registrants.id, applicant!.registrantId));
    const res = await attend(applicant!.ticketCode, 'HADIR30');
    expect([res.status, res.body.messageId, res.body.message]).toEqual([409, CHECKIN_ID.notConfirmed, CHECKIN_MSG.notConfirmed]);
  });
});

describe('POST /v1/platform/events/:eventId/attendance', () => {
  it('by email (any case) or ticket code; an email not registered, or another event\'s ticket, is 404', async () => {
    const byEmail = await attendOnPlatform({ email: 'P6@Contoh.ID', code: 'hadir30' });
    expect([byEmail.status, byEmail.body.data.result.name]).toEqual([201, 'Peserta 6']);
    const byTicket = await attendOnPlatform({ ticketCode: people[7].ticketCode, code: 'HADIR30' });
    expect([byTicket.status, byTicket.body.data.result.already]).toEqual([201, false]);
    const stranger = await attendOnPlatform({ email: 'siapa@contoh.id', code: 'HADIR30' });
    expect([stranger.status, stranger.body.message]).toEqual([404, ATTENDANCE_MSG.emailNotRegistered]);
    expect((await attendOnPlatform({ ticketCode: others[0].ticketCode, code: 'HADIR30' })).status).toBe(404);
    const both = await attendOnPlatform({ email: 'p6@contoh.id', ticketCode: people[6].ticketCode, code: 'HADIR30' });
    expect([both.status, both.body.message]).toEqual([400, ATTENDANCE_MSG.emailOrTicket]);
  });

  it('by email and by ticket code share one count of wrong tries', async () => {
    await setCode({ code: 'HADIR31', ...window(-HOUR, 2 * HOUR) });
    for (let i = 0; i < ATTENDANCE_MAX_TRIES - 1; i++) expect((await attend(people[4].ticketCode, 'SALAH3')).status).toBe(400);
    expect((await attendOnPlatform({ email: 'p4@contoh.id', code: 'SALAH3' })).body.data).toEqual({ triesLeft: 0 });
    expect((await attendOnPlatform({ email: 'p4@contoh.id', code: 'HADIR31' })).status).toBe(429);
  });

  it(`past ${ATTENDANCE_EVENT_MAX_WRONG} wrong codes in 10 minutes from anyone, every try waits, with Retry-After`, async () => {
    const { db } = t.database;
    await setCode({ code: 'TEBAK8X9', ...window(-HOUR, 2 * HOUR) });
    // Throwaway registrations, each within its own limit of tries, guessing in parallel.
    const guessers = await registerMany(db, eventId, 13, new Date(Date.now() - 2 * 86_400_000), 'tebak');
    const [honest] = await registerMany(db, eventId, 1, new Date(Date.now() - 2 * 86_400_000), 'jujur');
    // Each from an address of its own: the per-address limit of the public route is not what stops them.
    const guess = (ticketCode: string, code: string, i: number) =>
      call(t.app, { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode, code }, remoteAddress: `198.51.100.${i + 1}` });
    const tries = guessers.flatMap((g, i) => Array.from({ length: ATTENDANCE_MAX_TRIES }, (_, n) => guess(g.ticketCode, `SALAH${i}X${n}`, i)));
    const answers = await Promise.all(tries);
    const statuses = answers.map((r) => r.status);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.message === fill(ATTENDANCE_MSG.eventBusy, { minutes: 10 }))).toBe(true);
    expect(statuses.filter((s) => s === 400)).toHaveLength(ATTENDANCE_EVENT_MAX_WRONG);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries.length - ATTENDANCE_EVENT_MAX_WRONG);
    // Even the right code waits now, told for how long.
    const held = await attend(honest!.ticketCode, 'TEBAK8X9');
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({ messageId: ATTENDANCE_ID.tooManyTries, message: fill(ATTENDANCE_MSG.eventBusy, { minutes: 10 }) });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(540);
    // Once the window is over, tries are judged again.
    await db.update(attendanceCodes).set({ wrongSince: new Date(Date.now() - ATTENDANCE_EVENT_WINDOW_MS - 1000) }).where(eq(attendanceCodes.eventId, eventId));
    expect((await attend(honest!.ticketCode, 'TEBAK8X9')).status).toBe(201);
  });
});
