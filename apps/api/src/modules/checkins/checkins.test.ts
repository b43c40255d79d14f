import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, CHECKIN_ID, CHECKIN_MSG, MESSAGE_ID, ORGANIZATION_HEADER } from '@eo/contract';
import { auditLog, checkinCounters, checkinEvents, registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { codeHash } from './checkins.service.js';

/**
 * Check-in at the door: every answer of POST /v1/events/:id/checkins, concurrency
 * (one success of 50 scans), undo, offline sync (duplicates, two devices), refunds, another
 * event's ticket, the summary's counters, the offline pack and the role rules.
 */
let t: TestApp;
let owner: string;
let org2: string;
let eventId: string;
let otherEventId: string;
let people: Awaited<ReturnType<typeof registerMany>>;
let others: Awaited<ReturnType<typeof registerMany>>;
let org1Id: string;
let org1UserId: string;
const token = {} as Record<'staff' | 'finance', string>;
const REGISTERED_AT = new Date(Date.now() - 2 * 86_400_000);

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner, org2 } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Konser Kampus', { days: 1, price: 50_000 }));
  otherEventId = await createEvent(db, team.ids.org2, simpleEvent('Seminar Lain', { days: 1 }));
  people = await registerMany(db, eventId, 12, REGISTERED_AT);
  others = await registerMany(db, otherEventId, 1, REGISTERED_AT, 'lain');
  org1UserId = team.ids.org1;
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['staff', 'finance'], 'checkin'));
}, 60_000);
afterAll(() => t?.close());

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const checkIn = (payload: object, as = owner, event = eventId) =>
  call(t.app, { method: 'POST', url: `/v1/events/${event}/checkins`, token: as, headers: headers(), payload });
const undo = (registrantId: string, as = owner) =>
  call(t.app, { method: 'DELETE', url: `/v1/events/${eventId}/checkins/${registrantId}`, token: as, headers: headers() });
const summary = async (as = owner) => {
  const res = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/summary`, token: as, headers: headers() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.result;
};
const sync = (scans: object[], as = owner) =>
  call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins/sync`, token: as, headers: headers(), payload: { scans } });
/** The counters as a count of the registrants themselves would give them. */
async function countedByHand() {
  const [row] = await t.database.db.select({
    registered: sql<number>`count(*) filter (where ${registrants.status} = 'confirmed')::int`,
    checkedIn: sql<number>`count(*) filter (where ${registrants.status} = 'confirmed' and ${registrants.checkedInAt} is not null)::int`,
  }).from(registrants).where(eq(registrants.eventId, eventId));
  return row;
}

describe('POST /v1/events/:id/checkins', () => {
  it('checks a ticket in by its code: 201 with the name, category, time and member; the public ticket shows it', async () => {
    const before = Date.now();
    const res = await checkIn({ code: people[0].ticketCode, deviceId: 'pintu-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const result = res.body.data.result;
    expect(result).toMatchObject({ registrantId: people[0].registrantId, name: 'Peserta 0', checkedInBy: 'Organizer Satu' });
    expect(result.ticketName).toBeTruthy();
    expect(new Date(result.checkedInAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.message).toBe(CHECKIN_MSG.checkedIn);
    const ticket = await call(t.app, { method: 'GET', url: `/v1/public/tickets/${people[0].ticketCode}` });
    expect(ticket.status).toBe(200);
    expect(ticket.body.data.result.checkedInAt).toBe(result.checkedInAt);
  });

  it('a second scan: 409 ALREADY_CHECKED_IN with the first check-in\'s time and member in data', async () => {
    const first = (await checkIn({ code: people[1].ticketCode })).body.data.result;
    const res = await checkIn({ code: people[1].ticketCode }, token.staff);
    expect([res.status, res.body.messageId, res.body.message]).toEqual([409, CHECKIN_ID.alreadyCheckedIn, CHECKIN_MSG.alreadyCheckedIn]);
    expect(res.body.data).toMatchObject({ checkedInAt: first.checkedInAt, checkedInBy: 'Organizer Satu', name: 'Peserta 1' });
  });

  it('by hand (registrantId), an unknown code, another event\'s ticket, a refunded ticket', async () => {
    const byHand = await checkIn({ registrantId: people[2].registrantId }, token.staff);
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    expect(byHand.body.data.result.checkedInBy).toBe('Anggota staff');

    const unknown = await checkIn({ code: 'kode-yang-tidak-pernah-ada-123' });
    expect([unknown.status, unknown.body.messageId, unknown.body.message]).toEqual([404, CHECKIN_ID.ticketNotFound, CHECKIN_MSG.ticketNotFound]);

    const wrong = await checkIn({ code: others[0].ticketCode });
    expect([wrong.status, wrong.body.messageId, wrong.body.message]).toEqual([409, CHECKIN_ID.wrongEvent, CHECKIN_MSG.wrongEvent]);
    // Nothing of the other organization's event: not its name, nor its participant.
    expect(JSON.stringify(wrong.body)).not.toMatch(/Seminar Lain|lain0|Peserta 0/);
    // Another event's registrant picked by id is unknown here, like any id.
    const wrongById = await checkIn({ registrantId: others[0].registrantId });
    expect([wrongById.status, wrongById.body.messageId]).toEqual([404, CHECKIN_ID.ticketNotFound]);

    await new PlatformService(t.database.db).refund(people[3].transactionId!);
    const refunded = await checkIn({ code: people[3].ticketCode });
    expect([refunded.status, refunded.body.messageId, refunded.body.message]).toEqual([409, CHECKIN_ID.refunded, CHECKIN_MSG.refunded]);

    const neither = await checkIn({});
    expect([neither.status, neither.body.messageId]).toEqual([400, 'VALIDATION_ERROR']);
    const both = await checkIn({ code: people[4].ticketCode, registrantId: people[4].registrantId });
    expect(both.status).toBe(400);
  });

  it('a registration that is not confirmed (awaiting approval, declined, cancelled): 409 TICKET_NOT_CONFIRMED, online and in a sync', async () => {
    const { db } = t.database;
    const pendingEvent = await createEvent(db, org1UserId, simpleEvent('Seminar Seleksi', { days: 1 }));
    const applicants = await registerMany(db, pendingEvent, 3, REGISTERED_AT, 'seleksi');
    for (const [i, status] of (['pending', 'declined', 'cancelled'] as const).entries()) {
      await db.update(registrants).set({ status }).where(eq(registrants.id, applicants[i]!.registrantId));
      const res = await checkIn({ code: applicants[i]!.ticketCode }, owner, pendingEvent);
      expect([res.status, res.body.messageId, res.body.message], status).toEqual([409, CHECKIN_ID.notConfirmed, CHECKIN_MSG.notConfirmed]);
    }
    const res = await call(t.app, {
      method: 'POST', url: `/v1/events/${pendingEvent}/checkins/sync`, token: owner, headers: headers(),
      payload: { scans: [{ code: applicants[0]!.ticketCode, scannedAt: new Date().toISOString(), deviceId: 'hp-seleksi' }] },
    });
    expect(res.body.data.results[0]).toMatchObject({ outcome: CHECKIN_ID.notConfirmed, message: CHECKIN_MSG.notConfirmed });
    const refused = await db.select({ reason: checkinEvents.reason, registrantId: checkinEvents.registrantId }).from(checkinEvents)
      .where(and(eq(checkinEvents.eventId, pendingEvent), eq(checkinEvents.kind, 'refused')));
    expect(refused).toHaveLength(4);
    expect(refused.every((r) => r.reason === 'not_confirmed' && applicants.some((a) => a.registrantId === r.registrantId))).toBe(true);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(registrants)
      .where(and(eq(registrants.eventId, pendingEvent), sql`${registrants.checkedInAt} is not null`));
    expect(row!.n).toBe(0);
  });

  it('50 concurrent scans of one code: one 201, 49 ALREADY_CHECKED_IN naming that one', async () => {
    const code = people[5].ticketCode;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => checkIn({ code, deviceId: `hp-${i}` }, i % 2 ? token.staff : owner)));
    const ok = answers.filter((a) => a.status === 201);
    expect(ok).toHaveLength(1);
    const dup = answers.filter((a) => a.status === 409 && a.body.messageId === CHECKIN_ID.alreadyCheckedIn);
    expect(dup).toHaveLength(49);
    for (const d of dup) expect(d.body.data.checkedInAt).toBe(ok[0].body.data.result.checkedInAt);
    const facts = await t.database.db.select({ kind: checkinEvents.kind, n: sql<number>`count(*)::int` }).from(checkinEvents)
      .where(eq(checkinEvents.registrantId, people[5].registrantId)).groupBy(checkinEvents.kind);
    expect(Object.fromEntries(facts.map((f) => [f.kind, f.n]))).toEqual({ checkin: 1, duplicate: 49 });
  }, 60_000);

  it('undo (204, audit log checkin.undone), then the ticket checks in again; undoing nothing is 204 too', async () => {
    expect(AUDIT_ACTIONS).toContain('checkin.undone');
    const res = await undo(people[0].registrantId, token.staff);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const ticket = await call(t.app, { method: 'GET', url: `/v1/public/tickets/${people[0].ticketCode}` });
    expect(ticket.body.data.result.checkedInAt).toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'checkin.undone'), eq(auditLog.targetId, people[0].registrantId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organizationId: org1Id, targetType: 'registrant', summary: 'Peserta 0' });
    expect((await undo(people[0].registrantId)).status).toBe(204);
    // Another event's registrant, or no registrant at all: 404.
    expect((await undo(others[0].registrantId)).status).toBe(404);
    expect((await undo('bukan-id')).status).toBe(404);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'checkin.undone'), eq(auditLog.targetId, people[0].registrantId)))).toHaveLength(1);
    const again = await checkIn({ code: people[0].ticketCode });
    expect(again.status).toBe(201);
    const recent = (await summary()).recent;
    // Newest first: the new check-in stands, the undone one is marked.
    const mine = recent.filter((r: { registrantId: string }) => r.registrantId === people[0].registrantId);
    expect(mine.map((r: { undone: boolean }) => r.undone)).toEqual([false, true]);
  });

  it('the check-in history is append-only', async () => {
    const refusal = (q: ReturnType<typeof sql>) => t.database.db.execute(q).then(() => 'done', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    expect(await refusal(sql`update checkin_events set kind = 'undo'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from checkin_events`)).toMatch(/append-only/);
  });
});

describe('POST /v1/events/:id/checkins/sync', () => {
  it('one result per scan in the order sent: the earliest scan of two devices wins, a recorded check-in always stands', async () => {
    const [a, b, c] = [people[6], people[7], people[8]];
    // b was checked in online just now: an offline scan claiming an earlier time does not take it over.
    const online = (await checkIn({ code: b.ticketCode })).body.data.result;
    const t0 = Date.now() - 60 * 60_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const res = await sync([
      { code: a.ticketCode, scannedAt: at(5), deviceId: 'hp-dua' }, // later scan of a by device 2
      { code: a.ticketCode, scannedAt: at(2), deviceId: 'hp-satu' }, // earliest scan of a: wins
      { code: b.ticketCode, scannedAt: at(1), deviceId: 'hp-satu' },
      { code: c.ticketCode, scannedAt: at(3), deviceId: 'hp-satu' },
      { code: c.ticketCode, scannedAt: at(3), deviceId: 'hp-satu' }, // the same scan twice in one batch: the second is a duplicate
      { code: 'tidak-ada-kode-ini-sama-sekali', scannedAt: at(4), deviceId: 'hp-dua' },
      { code: others[0].ticketCode, scannedAt: at(4), deviceId: 'hp-dua' },
      { code: people[3].ticketCode, scannedAt: at(4), deviceId: 'hp-dua' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data.results;
    expect(r.map((x: { outcome: string }) => x.outcome)).toEqual([
      CHECKIN_ID.alreadyCheckedIn, CHECKIN_ID.checkedIn, CHECKIN_ID.alreadyCheckedIn, CHECKIN_ID.checkedIn, CHECKIN_ID.checkedIn,
      CHECKIN_ID.ticketNotFound, CHECKIN_ID.wrongEvent, CHECKIN_ID.refunded,
    ]);
    // The offline check-in keeps its scan time; the loser names it.
    expect(r[1].checkedInAt).toBe(at(2));
    expect(r[0]).toMatchObject({ checkedInAt: at(2), checkedInBy: 'Organizer Satu' });
    expect(r[2].checkedInAt).toBe(online.checkedInAt);
    expect(r[4].checkedInAt).toBe(at(3));
    const [row] = await t.database.db.select().from(registrants).where(eq(registrants.id, a.registrantId));
    expect(row.checkedInDevice).toBe('hp-satu');
  });

  it('the same batch sent again (a lost answer) reports CHECKED_IN again, not duplicates; times are clamped', async () => {
    const d = people[9];
    const scans = [{ code: d.ticketCode, scannedAt: new Date(Date.now() - 5 * 60_000).toISOString(), deviceId: 'hp-tiga' }];
    const first = (await sync(scans)).body.data.results[0];
    const again = (await sync(scans)).body.data.results[0];
    expect(first.outcome).toBe(CHECKIN_ID.checkedIn);
    expect(again).toEqual(first);
    // Another device's scan of it is a duplicate.
    const other = (await sync([{ ...scans[0], deviceId: 'hp-empat' }])).body.data.results[0];
    expect(other.outcome).toBe(CHECKIN_ID.alreadyCheckedIn);

    // A phone whose clock runs ahead: now at the latest. One from before the registration: the registration's time.
    const future = (await sync([{ code: people[10].ticketCode, scannedAt: new Date(Date.now() + 86_400_000).toISOString(), deviceId: 'hp-lima' }])).body.data.results[0];
    expect(new Date(future.checkedInAt).getTime()).toBeLessThanOrEqual(Date.now());
    const past = (await sync([{ code: people[11].ticketCode, scannedAt: '2020-01-01T00:00:00Z', deviceId: 'hp-lima' }])).body.data.results[0];
    expect(new Date(past.checkedInAt).getTime()).toBe(Math.floor(REGISTERED_AT.getTime()));
  });

  it('refuses more than 500 scans and a scan without its time', async () => {
    const scan = { code: people[0].ticketCode, scannedAt: new Date().toISOString(), deviceId: 'x' };
    expect((await sync(Array.from({ length: 501 }, () => scan))).status).toBe(400);
    expect((await sync([{ code: scan.code, deviceId: 'x' }])).status).toBe(400);
  });
});

describe('summary and offline pack', () => {
  it('counts registered (refunds excluded) and checked in, per ticket, equal to a count by hand; the recent list is newest first', async () => {
    const s = await summary(token.finance);
    const byHand = await countedByHand();
    expect({ registered: s.registered, checkedIn: s.checkedIn }).toEqual(byHand);
    expect(s.registered).toBe(11);
    expect(s.byTicket).toHaveLength(1);
    expect(s.byTicket[0]).toMatchObject({ registered: 11, checkedIn: byHand.checkedIn });
    expect(s.recent.length).toBeGreaterThan(5);
    expect(s.recent.length).toBeLessThanOrEqual(20);
    const times = s.recent.map((r: { at: string }) => r.at);
    expect(s.recent[0]).toMatchObject({ name: expect.any(String), ticketName: expect.any(String) });
    expect(times.length).toBe(s.recent.length);
    // A few counter rows per ticket, not one per check-in.
    const rows = await t.database.db.select().from(checkinCounters).where(eq(checkinCounters.eventId, eventId));
    expect(rows.length).toBeLessThanOrEqual(8);
  });

  it('the offline pack: a hash per valid ticket (never the code), name, category and whether checked in', async () => {
    const res = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/offline-pack`, token: token.staff, headers: headers() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pack = res.body.data.result;
    expect(pack.hash).toEqual({ algorithm: 'sha256', hexLength: 24 });
    expect(pack.entries).toHaveLength(11);
    const text = JSON.stringify(res.body);
    for (const p of people) expect(text).not.toContain(p.ticketCode);
    const entry = pack.entries.find((e: { hash: string }) => e.hash === codeHash(people[1].ticketCode));
    expect(entry).toMatchObject({ name: 'Peserta 1', checkedIn: true });
    expect(pack.tickets[entry.ticket].name).toBeTruthy();
    expect(pack.entries.find((e: { hash: string }) => e.hash === codeHash(people[3].ticketCode))).toBeUndefined();
  });
});

describe('roles', () => {
  it('staff check in; finance may not check in, undo, sync nor fetch the pack (403 FORBIDDEN_ROLE), but reads the summary', async () => {
    const denied = [
      await checkIn({ code: people[4].ticketCode }, token.finance),
      await undo(people[4].registrantId, token.finance),
      await sync([{ code: people[4].ticketCode, scannedAt: new Date().toISOString(), deviceId: 'x' }], token.finance),
      await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/offline-pack`, token: token.finance, headers: headers() }),
    ];
    for (const res of denied) expect([res.status, res.body.messageId]).toEqual([403, 'FORBIDDEN_ROLE']);
    expect((await checkIn({ code: people[4].ticketCode }, token.staff)).status).toBe(201);
    const exported = await call(t.app, { method: 'GET', url: `/v1/event-regist/export?eventId=${eventId}`, token: token.staff, headers: headers() });
    expect([exported.status, exported.body.messageId]).toEqual([403, 'FORBIDDEN_ROLE']);
  });

  it('another organization\'s owner finds none of it: 404 for every route, nothing checked in', async () => {
    const code = people[4].ticketCode;
    for (const res of [
      await call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins`, token: org2, payload: { code } }),
      await call(t.app, { method: 'DELETE', url: `/v1/events/${eventId}/checkins/${people[4].registrantId}`, token: org2 }),
      await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/summary`, token: org2 }),
      await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/offline-pack`, token: org2 }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Peserta');
    }
    // In their own event, organization 1's code is another event's ticket, nothing more.
    const own = await call(t.app, { method: 'POST', url: `/v1/events/${otherEventId}/checkins`, token: org2, payload: { code } });
    expect([own.status, own.body.messageId]).toEqual([409, CHECKIN_ID.wrongEvent]);
  });

  it('a deleted event, or an id that is none: 404 by code and by hand, nothing checked in or recorded', async () => {
    const { db } = t.database;
    const gone = await createEvent(db, org1UserId, simpleEvent('Acara Dihapus', { days: 1 }));
    const [person] = await registerMany(db, gone, 1, REGISTERED_AT, 'hapus');
    await db.execute(sql`update events set deleted_at = now() where id = ${gone}::uuid`);
    for (const res of [
      await checkIn({ code: person.ticketCode }, owner, gone),
      await checkIn({ registrantId: person.registrantId }, owner, gone),
      await checkIn({ code: person.ticketCode }, token.staff, gone),
      await checkIn({ code: person.ticketCode }, owner, 'bukan-uuid'),
    ]) expect([res.status, res.body.messageId], JSON.stringify(res.body)).toEqual([404, MESSAGE_ID.notFound]);
    const [row] = await db.select({ at: registrants.checkedInAt }).from(registrants).where(eq(registrants.id, person.registrantId));
    expect(row.at).toBeNull();
    expect(await db.select().from(checkinEvents).where(eq(checkinEvents.eventId, gone))).toEqual([]);
  });
});

describe('GET /v1/events/:id/checkins/search', () => {
  const search = async (q: string, as = owner) => {
    const res = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/search?q=${encodeURIComponent(q)}`, token: as, headers: headers() });
    return { status: res.status, body: res.body, names: (res.body.data?.results ?? []).map((r: { name: string }) => r.name) as string[] };
  };

  it('finds by name (contains, by name), email, exact ticket code; with the check-in state', async () => {
    expect((await search('peserta 1')).names).toEqual(['Peserta 1', 'Peserta 10', 'Peserta 11']);
    expect((await search('P5@CONTOH')).names).toEqual(['Peserta 5']);
    const byCode = await search(people[1].ticketCode, token.staff);
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body.data.results).toEqual([expect.objectContaining({
      registrantId: people[1].registrantId, name: 'Peserta 1', email: 'p1@contoh.id', checkedInAt: expect.any(String), checkedInBy: expect.any(String),
    })]);
    // A code must be whole: a prefix finds nobody.
    expect((await search(people[1].ticketCode.slice(0, 10))).names).toEqual([]);
  });

  it('matches `%` and `_` literally, leaves out refunded and other events\' registrants, and caps the answer', async () => {
    expect((await search('%')).names).toEqual([]);
    expect((await search('_')).names).toEqual([]);
    expect((await search(others[0].ticketCode)).names).toEqual([]);
    expect((await search('Peserta 3')).names).not.toContain('Peserta 3');
    expect((await search('contoh.id')).names.length).toBeLessThanOrEqual(20);
  });

  it('finds an email and a phone number from their start: 0812, 62812 and +62 812 alike', async () => {
    const { db } = t.database;
    const phones: [number, string][] = [[5, '0812-3456-7890'], [6, '+62 812 3456 0000'], [7, '6285599990000']];
    for (const [i, phone] of phones) await db.update(registrants).set({ phoneNumber: phone }).where(eq(registrants.id, people[i].registrantId));
    for (const q of ['0812 3456', '+62812', '62 8123', '812']) expect((await search(q)).names, q).toEqual(['Peserta 5', 'Peserta 6']);
    expect((await search('085599')).names).toEqual(['Peserta 7']);
    expect((await search('p6@')).names).toEqual(['Peserta 6']);
    // Not from the middle any more (a btree serves the start; see searchRegistrants).
    expect((await search('7890')).names).toEqual([]);
    expect((await search('6@contoh')).names).toEqual([]);
  });

  it('finds the same way whatever the text is made of (a text beyond printable ASCII has a statement of its own)', async () => {
    const { db } = t.database;
    await db.update(registrants).set({ name: 'Peserta Ümit~Ayu', email: 'ümit.ayu@contoh.id' }).where(eq(registrants.id, people[8].registrantId));
    try {
      for (const q of ['Ümit', 'ümit.ayu@', 'Ümit~Ayu', 'mit~a', 'it~']) expect((await search(q)).names, q).toEqual(['Peserta Ümit~Ayu']);
      expect((await search('ümit.ayu@contoh.id x')).names).toEqual([]);
    } finally {
      await db.update(registrants).set({ name: 'Peserta 8', email: 'p8@contoh.id' }).where(eq(registrants.id, people[8].registrantId));
    }
  });

  it('merges the arms without duplicates, by name, at most 20', async () => {
    const { db } = t.database;
    // "p" is in every name and starts every email: each registrant is found by two arms, once.
    const current = await db.select({ name: registrants.name }).from(registrants)
      .where(and(eq(registrants.eventId, eventId), sql`${registrants.status} = 'confirmed'`)).orderBy(registrants.name, registrants.id).limit(20);
    expect((await search('p')).names).toEqual(current.map((r) => r.name));
  });

  it('finds nobody without a text, and needs the checkin action', async () => {
    const empty = await search(' ');
    expect([empty.status, empty.names]).toEqual([200, []]);
    const denied = await search('Peserta', token.finance);
    expect([denied.status, denied.body.messageId]).toEqual([403, 'FORBIDDEN_ROLE']);
  });
});
