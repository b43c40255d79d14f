import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER, wibInstant } from '@eo/contract';
import { registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';

/**
 * Insight's attendance (GET /v1/events/:id/insight/attendance): checked in over current
 * registrants from the counters, check-ins per WIB hour over the event's day, refunds and undone
 * check-ins left out, and who may read it (every role that reads Insight).
 */
let t: TestApp;
let owner: string;
let org2: string;
let globalAdmin: string;
let org1Id: string;
let eventId: string;
let quietEventId: string;
const token = {} as Record<'admin' | 'finance' | 'staff', string>;

const DAY = 86_400_000;
/** The event's one date: 1 March 2026, 09:00–12:00 WIB (02:00–05:00 UTC). */
const EVENT_AT = Date.parse('2026-03-01T02:00:00Z');
const REGISTERED_AT = wibInstant('2026-02-27', '10:00');

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const attendance = (as = owner, event = eventId) =>
  call(t.app, { method: 'GET', url: `/v1/events/${event}/insight/attendance`, token: as, headers: headers() });
/** Offline scans carry their own time, so a check-in lands in a chosen hour. */
const scanAt = (code: string, scannedAt: string) =>
  call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins/sync`, token: owner, headers: headers(), payload: { scans: [{ code, scannedAt, deviceId: 'pintu-1' }] } });

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner, org2, admin: globalAdmin } = team);
  const { db } = t.database;
  const days = (EVENT_AT - Date.now()) / DAY;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Kehadiran', { days, price: 25_000 }));
  quietEventId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Sepi', { days }));
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['admin', 'finance', 'staff'], 'insight'));

  const people = await registerMany(db, eventId, 7, REGISTERED_AT);
  await registerMany(db, quietEventId, 2, REGISTERED_AT, 'sepi');
  const checkIns: [number, string][] = [
    [0, '2026-03-01T02:30:00.000Z'], // 09:30 WIB
    [1, '2026-03-01T02:59:59.000Z'], // 09:59 WIB, same hour
    [2, '2026-03-01T03:00:00.000Z'], // 10:00 WIB
    [3, '2026-02-28T16:59:00.000Z'], // 23:59 WIB the evening before: outside the event's day
    [4, '2026-03-01T04:10:00.000Z'], // undone below
    [5, '2026-03-01T04:20:00.000Z'], // refunded below
  ];
  for (const [i, at] of checkIns) {
    const res = await scanAt(people[i].ticketCode, at);
    expect(res.body.data.results[0].outcome, JSON.stringify(res.body)).toBe('CHECKED_IN');
  }
  const undo = await call(t.app, { method: 'DELETE', url: `/v1/events/${eventId}/checkins/${people[4].registrantId}`, token: owner, headers: headers() });
  expect(undo.status).toBe(204);
  await new PlatformService(db).refund(people[5].transactionId!, wibInstant('2026-03-01', '12:00'));
}, 60_000);
afterAll(() => t?.close());

describe('GET /v1/events/:id/insight/attendance', () => {
  it('checked in over current registrants: a refund leaves both, an undone check-in the checked in', async () => {
    const res = await attendance();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.result).toMatchObject({ registered: 6, checkedIn: 4 });
    // The counters agree with a count of the registrants themselves.
    const [byHand] = await t.database.db.select({
      registered: sql<number>`count(*) filter (where ${registrants.status} = 'confirmed')::int`,
      checkedIn: sql<number>`count(*) filter (where ${registrants.status} = 'confirmed' and ${registrants.checkedInAt} is not null)::int`,
    }).from(registrants).where(eq(registrants.eventId, eventId));
    expect(byHand).toEqual({ registered: 6, checkedIn: 4 });
  });

  it('check-ins per WIB hour: every hour of the event day, plus the hour before it that has one', async () => {
    const { byHour } = (await attendance()).body.data.result;
    expect(byHour).toHaveLength(25);
    expect(byHour[0]).toEqual({ day: '2026-02-28', hour: 23, count: 1 });
    expect(byHour.slice(1).map((h: { day: string; hour: number }) => [h.day, h.hour])).toEqual(
      Array.from({ length: 24 }, (_, hour) => ['2026-03-01', hour]));
    // 02:30Z and 02:59Z are both 09:xx WIB; 03:00Z opens 10:00 WIB; the undone 11:10 and the refunded 11:20 are gone.
    const counted = byHour.filter((h: { count: number }) => h.count > 0);
    expect(counted).toEqual([
      { day: '2026-02-28', hour: 23, count: 1 },
      { day: '2026-03-01', hour: 9, count: 2 },
      { day: '2026-03-01', hour: 10, count: 1 },
    ]);
    expect(byHour.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(4);
  });

  it('an event nobody checked in to yet: zero checked in, the event day all zeros', async () => {
    const res = await attendance(owner, quietEventId);
    expect(res.status).toBe(200);
    const { registered, checkedIn, byHour } = res.body.data.result;
    expect({ registered, checkedIn }).toEqual({ registered: 2, checkedIn: 0 });
    expect(byHour).toHaveLength(24);
    expect(byHour.every((h: { day: string; count: number }) => h.day === '2026-03-01' && h.count === 0)).toBe(true);
  });
});

describe('attendance access', () => {
  it('every role that reads Insight (owner, admin, finance, staff) and a globalAdmin: 200', async () => {
    for (const as of [owner, token.admin, token.finance, token.staff, globalAdmin]) {
      const res = await attendance(as);
      expect(res.status).toBe(200);
      expect(res.body.data.result.checkedIn).toBe(4);
    }
  });

  it("another organization's event answers 404 like an unknown id", async () => {
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/insight/attendance`, token: org2 })).status).toBe(404);
    expect((await attendance(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await attendance(owner, 'nope')).status).toBe(404);
  });
});
