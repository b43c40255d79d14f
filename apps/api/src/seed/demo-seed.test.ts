import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../test/harness.js';
import path from 'node:path';
import { DiskStore } from '../lib/storage/disk-store.js';
import { isDatabaseEmpty } from './demo-accounts.js';
import { MAIL_TICKET } from '../modules/platform/mail-ticket.type.js';
import { seedDemo } from './demo-seed.js';
import { seatsLeft } from '../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await isDatabaseEmpty(t.database.db)).toBe(true);
  await seedDemo(t.database.db, new DiskStore(path.join(t.config.dataDir, 'files')));
}, 180_000);
afterAll(() => t.close());

const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };

describe('demo seed', () => {
  it('is no longer empty, so a restart does not seed twice', async () => {
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);
  });

  it('gives a class its four sessions, one on each of its days', async () => {
    const { rows } = await q<{ name: string; starts: string; ends: string; inside: boolean }>(sql`
      select s.name, to_char(s.starts_at at time zone 'Asia/Jakarta', 'HH24:MI') starts, to_char(s.ends_at at time zone 'Asia/Jakarta', 'HH24:MI') ends,
        s.starts_at >= e.first_event_at and s.ends_at <= e.last_event_at inside
      from event_sessions s join events e on e.id = s.event_id where e.name = 'Kelas Intensif UI/UX Design untuk Pemula' order by s.starts_at`);
    expect(rows.map((r) => r.name)).toEqual(['Sesi 1: Riset pengguna', 'Sesi 2: Wireframe dan alur', 'Sesi 3: Desain visual', 'Sesi 4: Prototipe interaktif']);
    expect(rows.every((r) => r.starts === '13:00' && r.ends === '16:00' && r.inside)).toBe(true);
  });

  it('gives organizer@demo.id at least 4 active, 2 draft and 4 past events', async () => {
    const { token } = await tokenFor(t.app, 'organizer@demo.id');
    const { data } = (await call(t.app, { method: 'GET', url: '/v1/events/total', token })).body;
    expect(data.active).toBeGreaterThanOrEqual(4);
    expect(data.draft).toBeGreaterThanOrEqual(2);
    expect(data.passed).toBeGreaterThanOrEqual(4);
  });

  it('covers paid and free, internal and external, approved and pending, many categories', async () => {
    const { rows } = await q<{ paid: number; free: number; internal: number; external: number; approved: number; pending: number; types: number }>(sql`
      select count(*) filter (where is_paid_event)::int paid, count(*) filter (where not is_paid_event)::int free,
             count(*) filter (where registration_method = 'internal')::int internal,
             count(*) filter (where registration_method = 'external')::int external,
             count(*) filter (where approved_status = 'approved' and not is_draft)::int approved,
             count(*) filter (where approved_status = 'pending' and not is_draft)::int pending,
             count(distinct type)::int types
      from events e join users u on u.id = e.creator_id where u.email = 'organizer@demo.id'`);
    const r = rows[0];
    for (const k of ['paid', 'free', 'internal', 'external', 'approved', 'pending'] as const) expect(r[k]).toBeGreaterThan(0);
    expect(r.types).toBeGreaterThanOrEqual(6);
  });

  it('has several hundred registrants with education and gender, and confirmed and refunded sales', async () => {
    const { rows } = await q<{ n: number; edu: number; gender: number }>(sql`
      select count(*)::int n, count(distinct last_education)::int edu, count(distinct gender)::int gender
      from registrants r join events e on e.id = r.event_id join users u on u.id = e.creator_id where u.email = 'organizer@demo.id'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(300);
    expect(rows[0].edu).toBeGreaterThanOrEqual(4);
    expect(rows[0].gender).toBe(2);
    const tx = await q<{ status: string; n: number }>(sql`select status, count(*)::int n from transactions group by status`);
    expect(Object.fromEntries(tx.rows.map((r) => [r.status, r.n]))).toMatchObject({ confirmed: expect.any(Number), refund: expect.any(Number) });
  });

  it('queues no e-ticket mail: its participants are made up, their addresses not theirs', async () => {
    // Neither waiting nor already sent.
    const { rows } = await q<{ queued: number; mailed: number }>(sql`
      select (select count(*) from jobs where kind = ${MAIL_TICKET.id})::int queued,
             (select count(*) from registrants where ticket_mailed_at is not null)::int mailed`);
    expect(rows[0]).toEqual({ queued: 0, mailed: 0 });
  });

  it('has daily views and saves across the last 30 days', async () => {
    const { rows } = await q<{ days: number; views: number; saves: number }>(sql`
      select count(distinct day)::int days, sum(views)::int views, sum(saves)::int saves
      from event_daily_metrics where day >= (now() - interval '30 days')::date`);
    expect(rows[0].days).toBeGreaterThanOrEqual(28);
    expect(rows[0].views).toBeGreaterThan(1000);
    expect(rows[0].saves).toBeGreaterThan(50);
  });

  it('gives published events a real 4:5 poster that is served', async () => {
    const { rows } = await q<{ image_url: string | null; is_draft: boolean }>(sql`select image_url, is_draft from events`);
    const published = rows.filter((r) => !r.is_draft);
    expect(published.every((r) => r.image_url?.startsWith('/files/'))).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: published[0].image_url! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('keeps remaining quotas equal to the quota minus seats held', async () => {
    const { rows } = await q<{ bad: number }>(sql`
      select count(*)::int bad from tickets t where t.original_quota <> -1 and ${seatsLeft()} <> t.original_quota - (
        select coalesce(sum(quantity), 0) from registrants r where r.ticket_id = t.id and r.status = 'confirmed')`);
    expect(rows[0].bad).toBe(0);
  });
});
