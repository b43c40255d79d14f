import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, TRACKING_LINK_ID, TRACKING_LINK_MSG as M, TRACKING_LINKS_PER_EVENT } from '@eo/contract';
import { registrants, tickets, trackingLinks } from '../../db/schema/index.js';
import { findMembership } from '../../lib/access.repository.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { linkInsight } from './tracking-links.repository.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;
let members: Record<'admin' | 'staff' | 'finance', string>;
let creatorId: string;
beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1, org2, admin } = team);
  creatorId = team.ids.org1;
  const org = (await findMembership(t.database.db, creatorId, undefined))!.organizationId;
  members = await addMembers(t, org, ['admin', 'staff', 'finance'], 'tautan');
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const newEvent = (name: string) => createEvent(t.database.db, creatorId, simpleEvent(name, { days: 15, quota: 50 }));
const links = (eventId: string) => `/v1/events/${eventId}/links`;
const create = (eventId: string, payload: object, token = org1) => call(t.app, { method: 'POST', url: links(eventId), token, payload });
const list = (eventId: string, token = org1) => call(t.app, { method: 'GET', url: links(eventId), token });
const remove = (eventId: string, code: string, token = org1) => call(t.app, { method: 'DELETE', url: `${links(eventId)}/${code}`, token });
const insight = (eventId: string, token = org1) => call(t.app, { method: 'GET', url: `/v1/events/${eventId}/insight/links`, token });
const visit = (path: string, ip: string, userAgent = BROWSER, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: path, headers: { 'user-agent': userAgent, accept: 'text/html' }, remoteAddress: ip });
const register = async (eventId: string, email: string, ref?: string) => {
  const ticket = await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) });
  const body = { ticketId: ticket!.id, participant: { name: 'Rani', email, phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Perempuan' }, ...(ref === undefined ? {} : { ref }) };
  return call(t.app, { method: 'POST', url: `/v1/public/events/${eventId}/registrations`, payload: await withAltcha(t.app, body), remoteAddress: '198.51.100.7' });
};
const refOf = async (email: string) => (await t.database.db.query.registrants.findFirst({ where: eq(registrants.email, email) }))?.ref;

describe('tracking links of an event', () => {
  it('are made with a name and a code, answered with their whole link, and listed oldest first', async () => {
    const eventId = await newEvent('Festival Tautan');
    const made = await create(eventId, { name: ' Kampus UI ', code: 'kampus-ui' });
    expect(made.status).toBe(201);
    expect(made.body.data.result).toEqual({
      code: 'kampus-ui', name: 'Kampus UI', url: `${t.config.publicUrl}/e/${eventId}?ref=kampus-ui`, createdAt: expect.any(String),
    });
    expect((await create(eventId, { name: 'Story IG', code: 'ig-story' }, members.admin)).status).toBe(201);
    const listed = await list(eventId);
    expect(listed.status).toBe(200);
    expect(listed.body.data.docs.map((l: { code: string }) => l.code)).toEqual(['kampus-ui', 'ig-story']);
  });

  it('refuses a code the event already has (409, said in Indonesian), and takes it on another event', async () => {
    const eventId = await newEvent('Kode Kembar');
    expect((await create(eventId, { name: 'Kampus', code: 'kampus' })).status).toBe(201);
    const again = await create(eventId, { name: 'Kampus lagi', code: 'kampus' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ messageId: TRACKING_LINK_ID.codeTaken, message: fill(M.codeTaken, { code: 'kampus' }) });
    expect((await create(await newEvent('Event Lain'), { name: 'Kampus', code: 'kampus' })).status).toBe(201);
  });

  it.each([
    ['capitals', { name: 'IG', code: 'IG-Story' }, 'code', M.codeFormat],
    ['spaces', { name: 'IG', code: 'ig story' }, 'code', M.codeFormat],
    ['a leading dash', { name: 'IG', code: '-ig' }, 'code', M.codeFormat],
    ['two dashes in a row', { name: 'IG', code: 'ig--story' }, 'code', M.codeFormat],
    ['an empty code', { name: 'IG', code: '' }, 'code', M.codeRequired],
    ['a code past 40 characters', { name: 'IG', code: 'a'.repeat(41) }, 'code', fill(M.codeTooLong, { max: 40 })],
    ['no code', { name: 'IG' }, 'code', M.codeRequired],
    ['a blank name', { name: '   ', code: 'ig' }, 'name', M.nameRequired],
    ['a name past 80 characters', { name: 'n'.repeat(81), code: 'ig' }, 'name', fill(M.nameTooLong, { max: 80 })],
  ])('refuses %s with 400 and its message', async (_, payload, path, message) => {
    const eventId = await newEvent('Kode Salah');
    const res = await create(eventId, payload);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
    expect((await list(eventId)).body.data.docs).toEqual([]);
  });

  it(`stops at ${TRACKING_LINKS_PER_EVENT} links an event (409)`, async () => {
    const eventId = await newEvent('Banyak Tautan');
    await t.database.db.insert(trackingLinks).values(Array.from({ length: TRACKING_LINKS_PER_EVENT - 1 }, (_, i) => ({ eventId, code: `t-${i}`, name: `T ${i}` })));
    expect((await create(eventId, { name: 'Terakhir', code: 'terakhir' })).status).toBe(201);
    const over = await create(eventId, { name: 'Lewat', code: 'lewat' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ messageId: TRACKING_LINK_ID.tooMany, message: fill(M.tooMany, { max: TRACKING_LINKS_PER_EVENT }) });
  });

  it('are made and removed by owners and admins; every member reads them and their counts; another organization finds no such event', async () => {
    const eventId = await newEvent('Peran Tautan');
    expect((await create(eventId, { name: 'Admin', code: 'admin' }, members.admin)).status).toBe(201);
    for (const role of ['staff', 'finance'] as const) {
      expect((await create(eventId, { name: role, code: role }, members[role])).status, role).toBe(403);
      expect((await remove(eventId, 'admin', members[role])).status, role).toBe(403);
      expect((await list(eventId, members[role])).status, role).toBe(200);
      expect((await insight(eventId, members[role])).status, role).toBe(200);
    }
    expect((await create(eventId, { name: 'Lain', code: 'lain' }, org2)).status).toBe(404);
    expect((await list(eventId, org2)).status).toBe(404);
    expect((await remove(eventId, 'admin', org2)).status).toBe(404);
    expect((await insight(eventId, org2)).status).toBe(404);
    // The platform's admin reaches every event, as for the event itself.
    expect((await list(eventId, admin)).status).toBe(200);
    expect((await list('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await list('bukan-uuid')).status).toBe(404);
    expect((await list(eventId)).body.data.docs.map((l: { code: string }) => l.code)).toEqual(['admin']);
  });

  it('removing an unknown code is 404 with its message', async () => {
    const eventId = await newEvent('Hapus Tautan');
    const res = await remove(eventId, 'tidak-ada');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.notFound);
    expect((await remove(eventId, 'BUKAN%20kode')).status).toBe(404);
  });
});

describe('counting per link', () => {
  it('counts visits once per visitor a day, registrations through the link and their check-ins; an unknown ref registers without one', async () => {
    const eventId = await newEvent('Hitung Tautan');
    await create(eventId, { name: 'Kampus UI', code: 'kampus-ui' });
    await create(eventId, { name: 'Story IG', code: 'ig-story' });
    const page = `/e/${eventId}?ref=kampus-ui`;
    expect((await visit(page, '10.1.0.1')).statusCode).toBe(200);
    await visit(page, '10.1.0.1');
    await visit(page, '10.1.0.2');
    // Not counted: a link-preview fetcher, a HEAD request, an unknown code, a malformed one.
    await visit(page, '10.1.0.3', 'WhatsApp/2.23.20.0 A');
    await visit(page, '10.1.0.4', BROWSER, 'HEAD');
    expect((await visit(`/e/${eventId}?ref=tidak-ada`, '10.1.0.5')).statusCode).toBe(200);
    expect((await visit(`/e/${eventId}?ref=${'x'.repeat(300)}`, '10.1.0.6')).statusCode).toBe(200);
    expect((await visit(`/e/${eventId}?ref=a&ref=b`, '10.1.0.7')).statusCode).toBe(200);
    // The embedded form counts its link's visits too (the script tag's data-ref).
    expect((await visit(`/e/${eventId}/embed?ref=ig-story`, '10.1.0.8')).statusCode).toBe(200);

    expect((await register(eventId, 'satu@contoh.id', 'kampus-ui')).status).toBe(201);
    // Case and spaces are forgiven: the code is stored as the link has it.
    expect((await register(eventId, 'dua@contoh.id', ' Kampus-UI ')).status).toBe(201);
    expect((await register(eventId, 'tiga@contoh.id', 'ig-story')).status).toBe(201);
    expect((await register(eventId, 'empat@contoh.id', 'tidak-ada')).status).toBe(201);
    expect((await register(eventId, 'lima@contoh.id', '<script>')).status).toBe(201);
    expect((await register(eventId, 'enam@contoh.id')).status).toBe(201);
    expect([await refOf('satu@contoh.id'), await refOf('dua@contoh.id'), await refOf('tiga@contoh.id')]).toEqual(['kampus-ui', 'kampus-ui', 'ig-story']);
    expect([await refOf('empat@contoh.id'), await refOf('lima@contoh.id'), await refOf('enam@contoh.id')]).toEqual([null, null, null]);

    const satu = await t.database.db.query.registrants.findFirst({ where: eq(registrants.email, 'satu@contoh.id') });
    const checkIn = await call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins`, token: org1, payload: { code: satu!.ticketCode } });
    expect(checkIn.status).toBe(201);

    const counts = await insight(eventId, members.staff);
    expect(counts.status).toBe(200);
    expect(counts.body.data.docs).toEqual([
      { code: 'kampus-ui', name: 'Kampus UI', visits: 2, registrations: 2, checkIns: 1 },
      { code: 'ig-story', name: 'Story IG', visits: 1, registrations: 1, checkIns: 0 },
    ]);
  });

  it('counts only registrations that hold a seat; a removed link leaves its registrants their ref (the export shows it) and counts them again when made anew', async () => {
    const eventId = await newEvent('Tautan Dihapus');
    await create(eventId, { name: 'Komunitas', code: 'komunitas' });
    expect((await register(eventId, 'rina@contoh.id', 'komunitas')).status).toBe(201);
    expect((await register(eventId, 'batal@contoh.id', 'komunitas')).status).toBe(201);
    await t.database.db.update(registrants).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(registrants.email, 'batal@contoh.id'));
    expect((await insight(eventId)).body.data.docs[0]).toMatchObject({ registrations: 1, checkIns: 0 });

    expect((await remove(eventId, 'komunitas')).status).toBe(204);
    expect((await list(eventId)).body.data.docs).toEqual([]);
    expect((await insight(eventId)).body.data.docs).toEqual([]);
    expect(await refOf('rina@contoh.id')).toBe('komunitas');
    // Gone: a new registration with the code keeps none.
    expect((await register(eventId, 'baru@contoh.id', 'komunitas')).status).toBe(201);
    expect(await refOf('baru@contoh.id')).toBeNull();

    const csv = await t.app.inject({ method: 'GET', url: `/v1/event-regist/export?eventId=${eventId}&format=csv`, headers: { authorization: `Bearer ${org1}` } });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.rawPayload.subarray(3));
    expect(rows[0].at(-1)).toBe('Ref');
    const byEmail = new Map(rows.slice(1).map((r) => [r[3], r.at(-1)]));
    expect(byEmail.get('rina@contoh.id')).toBe('komunitas');
    expect(byEmail.get('baru@contoh.id')).toBe('');

    await create(eventId, { name: 'Komunitas lagi', code: 'komunitas' });
    expect((await insight(eventId)).body.data.docs).toEqual([{ code: 'komunitas', name: 'Komunitas lagi', visits: 0, registrations: 1, checkIns: 0 }]);
  });

  it('reads the counts from the partial index of registrants who came through a link (the query matches its predicate)', async () => {
    const eventId = await newEvent('Rencana Tautan');
    // A handful of rows is read faster without an index: told to avoid a table scan, the planner
    // must still find an index that answers this query, or it would show a Seq Scan.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(sql`explain ${linkInsight(tx, eventId).getSQL()}`) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('registrants_event_ref_idx');
  });
});
