import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_TEXT, CHECKIN_ID, CHECKIN_MSG, ORGANIZATION_HEADER, SESSION_MSG, fill, wibDay } from '@eo/contract';
import { checkinEvents, registrants, sessionCheckins } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { codeHash } from './checkins.service.js';

/**
 * Attendance per session: a ticket attends each session once (ALREADY_CHECKED_IN within one, a
 * new attendance in another), the first session is the event's check-in, offline scans and
 * attendance codes carry the session, undo per session, the summary's and the offline pack's
 * sessions, the attendance view and its export, and a session someone attended cannot be removed.
 */
let t: TestApp;
let owner: string;
let org2: string;
let org1Id: string;
let eventId: string;
let plainEventId: string;
let s1: string;
let s2: string;
let s3: string;
let people: Awaited<ReturnType<typeof registerMany>>;
let seminarPayload: Record<string, unknown>;
const token = {} as Record<'staff' | 'finance', string>;
const DAY = 86_400_000;
const REGISTERED_AT = new Date(Date.now() - 2 * DAY);

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner, org2 } = team);
  const { db } = t.database;
  const seminar = simpleEvent('Seminar Tiga Sesi', { days: 1 });
  const day = wibDay(new Date(seminar.eventDay));
  const at = (hour: string) => `${day}T${hour}:00+07:00`;
  seminar.payload = {
    ...seminar.payload,
    sessions: [
      { name: 'Sesi 1: Pembukaan', startsAt: at('09:00'), endsAt: at('10:00') },
      { name: 'Sesi 2: Diskusi', startsAt: at('10:00'), endsAt: at('11:00') },
      { name: 'Sesi 3: Penutupan', startsAt: at('11:00'), endsAt: at('12:00') },
    ],
  };
  seminarPayload = seminar.payload as Record<string, unknown>;
  eventId = await createEvent(db, team.ids.org1, seminar);
  plainEventId = await createEvent(db, team.ids.org1, simpleEvent('Tanpa Sesi', { days: 1 }));
  people = await registerMany(db, eventId, 6, REGISTERED_AT);
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['staff', 'finance'], 'sesi'));
  [s1, s2, s3] = (await detail()).sessions.map((s: { id: string }) => s.id);
}, 60_000);
afterAll(() => t?.close());

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = owner) =>
  call(t.app, { method, url, token: as, headers: headers(), payload });
const detail = async () => (await api('GET', `/v1/events/detail?id=${eventId}`)).body.data.result;
const checkIn = (payload: object, as = owner) => api('POST', `/v1/events/${eventId}/checkins`, payload, as);
const attendance = async (query = '') => {
  const res = await api('GET', `/v1/events/${eventId}/attendance${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const attended = (registrantId: string) => t.database.db.select({ sessionId: sessionCheckins.sessionId }).from(sessionCheckins)
  .where(eq(sessionCheckins.registrantId, registrantId));

describe('check-in per session', () => {
  it('the first session attended is the event\'s check-in; the same ticket in another session is a new attendance', async () => {
    const first = await checkIn({ code: people[0].ticketCode, sessionId: s1, deviceId: 'pintu-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.result).toMatchObject({ registrantId: people[0].registrantId, name: 'Peserta 0', checkedInBy: 'Organizer Satu' });
    const [row] = await t.database.db.select({ at: registrants.checkedInAt, device: registrants.checkedInDevice }).from(registrants)
      .where(eq(registrants.id, people[0].registrantId));
    expect(row.at?.toISOString()).toBe(first.body.data.result.checkedInAt);
    expect(row.device).toBe('pintu-1');

    const second = await checkIn({ code: people[0].ticketCode, sessionId: s2 }, token.staff);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.result.checkedInBy).toBe('Anggota staff');
    expect((await attended(people[0].registrantId)).map((r) => r.sessionId).sort()).toEqual([s1, s2].sort());
    // The event's own check-in stays the first session's.
    const [after] = await t.database.db.select({ at: registrants.checkedInAt }).from(registrants).where(eq(registrants.id, people[0].registrantId));
    expect(after.at?.toISOString()).toBe(first.body.data.result.checkedInAt);
  });

  it('the same ticket twice in one session: 409 ALREADY_CHECKED_IN with that session\'s first check-in', async () => {
    const first = (await checkIn({ registrantId: people[1].registrantId, sessionId: s1 })).body.data.result;
    const again = await checkIn({ code: people[1].ticketCode, sessionId: s1 }, token.staff);
    expect([again.status, again.body.messageId]).toEqual([409, CHECKIN_ID.alreadyCheckedIn]);
    expect(again.body.data).toMatchObject({ checkedInAt: first.checkedInAt, checkedInBy: 'Organizer Satu', name: 'Peserta 1' });
    const facts = await t.database.db.select({ kind: checkinEvents.kind, sessionId: checkinEvents.sessionId }).from(checkinEvents)
      .where(eq(checkinEvents.registrantId, people[1].registrantId));
    expect(facts).toEqual(expect.arrayContaining([{ kind: 'checkin', sessionId: s1 }, { kind: 'duplicate', sessionId: s1 }]));
  });

  it('20 concurrent scans of one ticket in one session: exactly one attendance', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => checkIn({ code: people[2].ticketCode, sessionId: s3 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.messageId === CHECKIN_ID.alreadyCheckedIn)).toHaveLength(19);
    expect(await attended(people[2].registrantId)).toEqual([{ sessionId: s3 }]);
  });

  it('a session of another event, or a malformed id: 404 with the message, as an unknown record', async () => {
    const plain = await detail();
    expect(plain.sessions).toHaveLength(3);
    const foreign = await api('POST', `/v1/events/${plainEventId}/checkins`, { code: people[3].ticketCode, sessionId: s1 });
    expect([foreign.status, foreign.body.message]).toEqual([404, SESSION_MSG.notFound]);
    const malformed = await checkIn({ code: people[3].ticketCode, sessionId: 'sesi-1' });
    expect([malformed.status, malformed.body.message]).toEqual([404, SESSION_MSG.notFound]);
    expect(await attended(people[3].registrantId)).toEqual([]);
  });

  it('the door\'s search with a session tells that session\'s attendance', async () => {
    const search = async (sessionId: string) =>
      (await api('GET', `/v1/events/${eventId}/checkins/search?q=${encodeURIComponent('Peserta 0')}&sessionId=${sessionId}`)).body.data.results[0];
    expect(await search(s1)).toMatchObject({ registrantId: people[0].registrantId, checkedInBy: 'Organizer Satu' });
    expect((await search(s1)).checkedInAt).not.toBeNull();
    expect(await search(s3)).toMatchObject({ registrantId: people[0].registrantId, checkedInAt: null, checkedInBy: null });
    expect((await api('GET', `/v1/events/${eventId}/checkins/search?q=x&sessionId=${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('roles: finance may not check in to a session; another organization sees no event', async () => {
    expect((await checkIn({ code: people[3].ticketCode, sessionId: s1 }, token.finance)).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins`, token: org2, payload: { code: people[3].ticketCode, sessionId: s1 } })).status).toBe(404);
    expect(await attended(people[3].registrantId)).toEqual([]);
  });
});

describe('offline sync with sessions', () => {
  it('each scan attends its session; a scan sent again is CHECKED_IN again; a scan for a session the event does not have is refused alone', async () => {
    const scannedAt = new Date(Date.now() - 60_000).toISOString();
    const scans = [
      { code: people[3].ticketCode, scannedAt, deviceId: 'hp-a', sessionId: s1 },
      { code: people[3].ticketCode, scannedAt, deviceId: 'hp-a', sessionId: s2 },
      { code: people[3].ticketCode, scannedAt, deviceId: 'hp-b', sessionId: s2 },
    ];
    const res = await api('POST', `/v1/events/${eventId}/checkins/sync`, { scans });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([CHECKIN_ID.checkedIn, CHECKIN_ID.checkedIn, CHECKIN_ID.alreadyCheckedIn]);
    expect(res.body.data.results[0].checkedInAt).toBe(scannedAt);
    const again = await api('POST', `/v1/events/${eventId}/checkins/sync`, { scans: scans.slice(0, 2) });
    expect(again.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([CHECKIN_ID.checkedIn, CHECKIN_ID.checkedIn]);

    // A session removed while the scanner was offline (or never the event's): that scan alone is refused.
    const gone = await api('POST', `/v1/events/${eventId}/checkins/sync`, {
      scans: [{ code: people[4].ticketCode, scannedAt, deviceId: 'hp-a', sessionId: crypto.randomUUID() }, { code: people[4].ticketCode, scannedAt, deviceId: 'hp-a' }],
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([CHECKIN_ID.sessionNotFound, CHECKIN_ID.checkedIn]);
    expect(gone.body.data.results[0].message).toBe(CHECKIN_MSG.sessionNotFound);
    expect(await attended(people[4].registrantId)).toEqual([]);
    const [refusal] = await t.database.db.select({ reason: checkinEvents.reason }).from(checkinEvents)
      .where(and(eq(checkinEvents.eventId, eventId), eq(checkinEvents.kind, 'refused')));
    expect(refusal?.reason).toBe('session_not_found');
  });

  it('the offline pack names the sessions and, per ticket, those attended', async () => {
    const res = await api('GET', `/v1/events/${eventId}/checkins/offline-pack`, undefined, token.staff);
    expect(res.status).toBe(200);
    const pack = res.body.data.result;
    expect(pack.sessions.map((s: { id: string }) => s.id)).toEqual([s1, s2, s3]);
    const entry = (i: number) => pack.entries.find((e: { hash: string }) => e.hash === codeHash(people[i].ticketCode));
    expect(entry(0)).toMatchObject({ checkedIn: true, sessions: [0, 1] });
    expect(entry(2)).toMatchObject({ checkedIn: true, sessions: [2] });
    expect(entry(5)).toMatchObject({ checkedIn: false, sessions: [] });
  });
});

describe('the summary and undo per session', () => {
  it('the summary counts each session and names the session of each recent check-in', async () => {
    const res = await api('GET', `/v1/events/${eventId}/checkins/summary`);
    const { sessions, recent } = res.body.data.result;
    expect(sessions.map((s: { checkedIn: number }) => s.checkedIn)).toEqual([3, 2, 1]);
    expect(sessions[0]).toMatchObject({ id: s1, name: 'Sesi 1: Pembukaan' });
    expect(recent.find((r: { registrantId: string; sessionId: string }) => r.registrantId === people[2].registrantId)).toMatchObject({ sessionId: s3, undone: false });
  });

  it('undoing one session keeps the others and the event\'s check-in; undoing the last clears it', async () => {
    const id = people[0].registrantId;
    expect((await api('DELETE', `/v1/events/${eventId}/checkins/${id}?sessionId=${s2}`)).status).toBe(204);
    expect(await attended(id)).toEqual([{ sessionId: s1 }]);
    const checked = async () => (await t.database.db.select({ at: registrants.checkedInAt }).from(registrants).where(eq(registrants.id, id)))[0].at;
    expect(await checked()).not.toBeNull();
    const recent = (await api('GET', `/v1/events/${eventId}/checkins/summary`)).body.data.result.recent;
    expect(recent.find((r: { registrantId: string; sessionId: string }) => r.registrantId === id && r.sessionId === s2).undone).toBe(true);
    expect(recent.find((r: { registrantId: string; sessionId: string }) => r.registrantId === id && r.sessionId === s1).undone).toBe(false);

    expect((await api('DELETE', `/v1/events/${eventId}/checkins/${id}?sessionId=${s1}`)).status).toBe(204);
    expect(await attended(id)).toEqual([]);
    expect(await checked()).toBeNull();
    // Attending again after an undo: a new attendance.
    expect((await checkIn({ code: people[0].ticketCode, sessionId: s2 })).status).toBe(201);
  });

  it('an undo without a session clears every session of the registrant', async () => {
    const id = people[3].registrantId;
    expect((await attended(id)).length).toBe(2);
    expect((await api('DELETE', `/v1/events/${eventId}/checkins/${id}`)).status).toBe(204);
    expect(await attended(id)).toEqual([]);
    const undos = await t.database.db.select({ sessionId: checkinEvents.sessionId }).from(checkinEvents)
      .where(and(eq(checkinEvents.registrantId, id), eq(checkinEvents.kind, 'undo')));
    expect(undos.map((u) => u.sessionId)).toEqual(expect.arrayContaining([s1, s2, null]));
  });
});

describe('GET /v1/events/:id/attendance', () => {
  it('every confirmed participant by name with the sessions attended, each session\'s count, and minSessions', async () => {
    // Peserta 1: s1; Peserta 2: s3; Peserta 0: s2; Peserta 5: s1, s2, s3.
    for (const s of [s1, s2, s3]) expect((await checkIn({ code: people[5].ticketCode, sessionId: s })).status).toBe(201);
    const all = await attendance();
    expect(all.totalDocs).toBe(6);
    expect(all.docs.map((d: { name: string }) => d.name)).toEqual(['Peserta 0', 'Peserta 1', 'Peserta 2', 'Peserta 3', 'Peserta 4', 'Peserta 5']);
    expect(all.docs[5]).toEqual({ registrantId: people[5].registrantId, name: 'Peserta 5', email: 'p5@contoh.id', sessionIds: [s1, s2, s3] });
    expect(all.docs[3].sessionIds).toEqual([]);
    expect(all.sessions).toEqual([
      expect.objectContaining({ id: s1, name: 'Sesi 1: Pembukaan', attended: 2 }),
      expect.objectContaining({ id: s2, attended: 2 }),
      expect.objectContaining({ id: s3, attended: 2 }),
    ]);

    const two = await attendance('?minSessions=2');
    expect([two.totalDocs, two.docs.map((d: { name: string }) => d.name)]).toEqual([1, ['Peserta 5']]);
    const paged = await attendance('?minSessions=1&limit=2&page=2');
    expect([paged.totalDocs, paged.totalPages, paged.docs.map((d: { name: string }) => d.name)]).toEqual([4, 2, ['Peserta 2', 'Peserta 5']]);
    const past = await attendance('?minSessions=1&limit=2&page=9');
    expect([past.totalDocs, past.docs]).toEqual([4, []]);
    expect((await api('GET', `/v1/events/${eventId}/attendance?minSessions=-1`)).status).toBe(400);
  });

  it('exports a column per session; finance may, another organization may not', async () => {
    const res = await api('GET', `/v1/events/${eventId}/attendance/export?format=csv&minSessions=1`, undefined, token.finance);
    expect(res.status, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Nama,Email,Sesi dihadiri,Sesi 1: Pembukaan,Sesi 2: Diskusi,Sesi 3: Penutupan');
    expect(lines).toContain('Peserta 5,p5@contoh.id,3,Hadir,Hadir,Hadir');
    expect(lines).toHaveLength(5);
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/attendance`, token: org2 })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/attendance/export`, token: token.staff, headers: headers() })).status).toBe(403);
  });
});

describe('attendance codes per session', () => {
  const window = () => ({ opensAt: new Date(Date.now() - 60_000).toISOString(), closesAt: new Date(Date.now() + 3_600_000).toISOString() });

  it('a code for a session attends that session; the e-ticket asks for it until attended', async () => {
    const set = await api('PUT', `/v1/events/${eventId}/attendance-code`, { code: 'SESI02', sessionId: s2, ...window() });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.result).toMatchObject({ sessionId: s2, attended: 0 });
    const page = await call(t.app, { method: 'GET', url: `/e/${eventId}/ticket/${people[1].ticketCode}` });
    expect(page.body).toContain(fill(ATTENDANCE_TEXT.sessionTitle, { session: 'Sesi 2: Diskusi' }));

    const res = await call(t.app, { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode: people[1].ticketCode, code: 'SESI02' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.result.already).toBe(false);
    expect((await attended(people[1].registrantId)).map((r) => r.sessionId).sort()).toEqual([s1, s2].sort());
    const again = await call(t.app, { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode: people[1].ticketCode, code: 'SESI02' } });
    expect(again.body.data.result).toMatchObject({ already: true, attendedAt: res.body.data.result.attendedAt });
    expect((await api('GET', `/v1/events/${eventId}/attendance-code`)).body.data.result).toMatchObject({ sessionId: s2, attended: 1 });

    const after = await call(t.app, { method: 'GET', url: `/e/${eventId}/ticket/${people[1].ticketCode}` });
    expect(after.body).not.toContain('id="presensi"');
    expect(after.body).toContain('Tercatat hadir di Sesi 2: Diskusi');
    expect(after.body).toContain(`<h2>${ATTENDANCE_TEXT.sessions}</h2>`);
  });

  it('a code for another event\'s session: 404', async () => {
    const res = await api('PUT', `/v1/events/${plainEventId}/attendance-code`, { code: 'SALAH1', sessionId: s1, ...window() });
    expect([res.status, res.body.message]).toEqual([404, SESSION_MSG.notFound]);
  });
});

describe('removing sessions', () => {
  it('a session someone attended cannot be removed: 400 naming it, nothing saved', async () => {
    const event = await detail();
    const keep = event.sessions.filter((s: { id: string }) => s.id !== s3);
    const tickets = (seminarPayload.tickets as object[]).map((ticket, i) => ({ ...ticket, id: event.tickets[i].id }));
    const refused = await api('PUT', `/v1/events/update?id=${eventId}`, { ...seminarPayload, tickets, sessions: keep });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(fill(SESSION_MSG.attended, { name: 'Sesi 3: Penutupan' }));
    expect((await detail()).sessions).toHaveLength(3);
  });

  it('a session nobody attended is removed with its attendance code, which never becomes the whole event\'s', async () => {
    const event = await detail();
    const tickets = (seminarPayload.tickets as object[]).map((ticket, i) => ({ ...ticket, id: event.tickets[i].id }));
    const stored = event.sessions.map((s: { id: string; name: string; startsAt: string; endsAt: string }) => ({ id: s.id, name: s.name, startsAt: s.startsAt, endsAt: s.endsAt }));
    const extra = { name: 'Sesi 4: Tambahan', startsAt: stored[0].startsAt, endsAt: new Date(Date.parse(stored[0].startsAt) + 1_800_000).toISOString() };
    const added = await api('PUT', `/v1/events/update?id=${eventId}`, { ...seminarPayload, tickets, sessions: [...stored, extra] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const s4 = (await detail()).sessions.find((s: { name: string }) => s.name === extra.name).id;
    const window = { opensAt: new Date(Date.now() - 60_000).toISOString(), closesAt: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await api('PUT', `/v1/events/${eventId}/attendance-code`, { code: 'SESI04', sessionId: s4, ...window })).status).toBe(200);

    expect((await api('PUT', `/v1/events/update?id=${eventId}`, { ...seminarPayload, tickets, sessions: stored })).status).toBe(200);
    expect((await detail()).sessions).toHaveLength(3);
    expect((await api('GET', `/v1/events/${eventId}/attendance-code`)).body.data.result).toBeNull();
    const res = await call(t.app, { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode: people[5].ticketCode, code: 'SESI04' } });
    expect(res.status).not.toBe(201);
  });
});

describe('an undo racing a scan of another session', () => {
  it('the scan waits for the undo and checks the registrant in again: attending a session is never without the own check-in', async () => {
    const [person] = await registerMany(t.database.db, eventId, 1, REGISTERED_AT);
    const id = person.registrantId;
    expect((await checkIn({ code: person.ticketCode, sessionId: s1 })).status).toBe(201);
    // An undo of the last session attended, paused after it decided: its lock held, session and own check-in gone.
    const undo = new pg.Client({ connectionString: t.database.url });
    await undo.connect();
    try {
      await undo.query('begin');
      await undo.query('select id from registrants where id = $1 for update', [id]);
      await undo.query('delete from session_checkins where registrant_id = $1', [id]);
      await undo.query('update registrants set checked_in_at = null, checked_in_by = null where id = $1', [id]);
      let answered = false;
      const scan = checkIn({ code: person.ticketCode, sessionId: s2 }).finally(() => (answered = true));
      const waiting = async () => (await undo.query(`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0].n > 0;
      for (let i = 0; i < 100 && !answered && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(answered).toBe(false);
      await undo.query('commit');
      expect((await scan).status).toBe(201);
    } finally {
      await undo.end();
    }
    expect(await attended(id)).toEqual([{ sessionId: s2 }]);
    const [row] = await t.database.db.select({ at: registrants.checkedInAt }).from(registrants).where(eq(registrants.id, id));
    expect(row.at).not.toBeNull();
  });
});
