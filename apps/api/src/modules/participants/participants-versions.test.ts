import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp, PlatformService } from '../../../test/fixtures.js';
import { participantsVersion } from '../../lib/read-versions.js';
import { questionEvent } from './participants.fixture.js';

/**
 * The participant list and the door search are remembered per event while its version stands
 * (lib/read-versions, migration 0040). Every change either shows, here made in plain SQL after a
 * read (so only the triggers can have moved the version), must show on the next read; what no
 * list shows moves nothing.
 */
let t: TestApp;
let org1: string;
let org1UserId: string;
let e: Awaited<ReturnType<typeof questionEvent>>;

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1 } = team);
  org1UserId = team.ids.org1;
  const { db } = t.database;
  e = await questionEvent(db, team.ids.org1);
  const platform = new PlatformService(db);
  for (const [i, name] of ['Sari Lestari', 'Budi Santoso', 'Rina Wati'].entries()) {
    await platform.register(e.eventId, {
      ticketId: e.reguler,
      participant: { name, email: `p${i}@contoh.id`, phoneNumber: `08120000000${i}` },
      answers: [{ questionId: e.questions.motivasi, value: `Motivasi ${i}` }],
    }, new Date(Date.now() - (10 - i) * 60_000));
  }
}, 60_000);
afterAll(() => t?.close());

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const version = () => participantsVersion(t.database.db, e.eventId);

async function page(filters?: object) {
  const qs = new URLSearchParams({ eventId: e.eventId, limit: '50', ...(filters ? { filters: JSON.stringify(filters) } : {}) });
  const res = await call(t.app, { method: 'GET', url: `/v1/event-regist/lists?${qs}`, token: org1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { docs: any[]; totalDocs: number; questions: { name: string }[] };
}

async function door(q: string) {
  const res = await call(t.app, { method: 'GET', url: `/v1/events/${e.eventId}/checkins/search?q=${encodeURIComponent(q)}`, token: org1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.results as { name: string; ticketName: string; checkedInAt: string | null; checkedInBy: string | null }[];
}

const byName = (docs: any[], name: string) => docs.find((d) => d.name === name);

describe('remembered participant pages and door searches', () => {
  it('show a registration, an edit, a check-in and its member, an answer, a ticket name, a question and a refund on the next read', async () => {
    // Each step: read (remembered), change in SQL, read again.
    expect((await page()).totalDocs).toBe(3);
    expect((await door('sari')).map((r) => r.name)).toEqual(['Sari Lestari']);

    await exec(sql`insert into registrants (event_id, ticket_id, name, email) values (${e.eventId}::uuid, ${e.reguler}::uuid, 'Sari Baru', 'baru@contoh.id')`);
    expect((await page()).totalDocs).toBe(4);
    expect((await door('sari')).map((r) => r.name)).toEqual(['Sari Baru', 'Sari Lestari']);

    await exec(sql`update registrants set name = 'Budi Setiawan' where event_id = ${e.eventId}::uuid and name = 'Budi Santoso'`);
    expect(byName((await page()).docs, 'Budi Setiawan')).toBeDefined();
    expect(await page({ name: 'santoso' })).toMatchObject({ totalDocs: 0 });

    await exec(sql`update registrants set checked_in_at = now(), checked_in_by = ${org1UserId}::uuid where event_id = ${e.eventId}::uuid and name = 'Sari Lestari'`);
    const [organizer] = await exec(sql`select name from users where id = ${org1UserId}::uuid`).then((r: any) => r.rows ?? r);
    expect((await door('sari lestari'))[0]).toMatchObject({ checkedInBy: organizer.name });
    expect(byName((await page()).docs, 'Sari Lestari').checkedInAt).not.toBeNull();

    await exec(sql`update users set name = 'Panitia Baru' where id = ${org1UserId}::uuid`);
    expect((await door('sari lestari'))[0]).toMatchObject({ checkedInBy: 'Panitia Baru' });
    expect(byName((await page()).docs, 'Sari Lestari').checkedInBy).toBe('Panitia Baru');

    await exec(sql`update registrant_answers set value = '"Motivasi diganti"'::jsonb
      where question_id = ${e.questions.motivasi}::uuid and registrant_id = (select id from registrants where event_id = ${e.eventId}::uuid and name = 'Rina Wati')`);
    expect(byName((await page()).docs, 'Rina Wati').userRegisteredStep[0]).toMatchObject({ result: 'Motivasi diganti' });

    await exec(sql`update tickets set name = 'Reguler Baru' where id = ${e.reguler}::uuid`);
    expect(byName((await page()).docs, 'Rina Wati').ticketType).toBe('Reguler Baru');
    expect((await door('rina'))[0]!.ticketName).toBe('Reguler Baru');

    await exec(sql`insert into registration_questions (event_id, name, type) values (${e.eventId}::uuid, 'Asal Kampus', 'text')`);
    expect((await page()).questions.map((q) => q.name)).toContain('Asal Kampus');

    await exec(sql`update registrants set cancelled_at = now() where event_id = ${e.eventId}::uuid and name = 'Rina Wati'`);
    expect((await page()).totalDocs).toBe(3);
    expect(await door('rina')).toEqual([]);

    await exec(sql`delete from registrant_answers where registrant_id in (select id from registrants where event_id = ${e.eventId}::uuid and name = 'Sari Baru')`);
    await exec(sql`delete from registrants where event_id = ${e.eventId}::uuid and name = 'Sari Baru'`);
    expect((await door('sari')).map((r) => r.name)).toEqual(['Sari Lestari']);
  });

  it('a check-in through the API shows in the door search at once', async () => {
    const [budi] = await door('budi');
    expect(budi!.checkedInAt).toBeNull();
    const [row] = await exec(sql`select id from registrants where event_id = ${e.eventId}::uuid and name = 'Budi Setiawan'`).then((r: any) => r.rows ?? r);
    const res = await call(t.app, { method: 'POST', url: `/v1/events/${e.eventId}/checkins`, token: org1, payload: { registrantId: row.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await door('budi'))[0]!.checkedInAt).not.toBeNull();
  });

  it('what no list shows moves nothing: the e-ticket mailed, a ticket quota, another event', async () => {
    const before = await version();
    await exec(sql`update registrants set ticket_mailed_at = now() where event_id = ${e.eventId}::uuid`);
    await exec(sql`update tickets set quota = quota + 5 where id = ${e.vip}::uuid`);
    const other = await questionEvent(t.database.db, org1UserId, 'Acara Lain');
    await exec(sql`insert into registrants (event_id, ticket_id, name, email) values (${other.eventId}::uuid, ${other.reguler}::uuid, 'Lain', 'lain@contoh.id')`);
    expect(await version()).toBe(before);
    await exec(sql`update registrants set phone_number = '0899' where event_id = ${e.eventId}::uuid and name = 'Sari Lestari'`);
    expect(await version()).not.toBe(before);
    // A ticket removed takes its counter rows (and their changes) with it: the version still moves on.
    const gone = await version();
    await exec(sql`delete from checkin_counters where ticket_id = ${e.vip}::uuid`);
    await exec(sql`delete from tickets where id = ${e.vip}::uuid`);
    expect(await version()).not.toBe(gone);
  });
});
