import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSubTypes, MESSAGE_ID, REVIEW_ID, REVIEW_MSG } from '@eo/contract';
import { events, tickets } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { detailAsPayload } from '../../../test/event-payload.js';

let t: TestApp;
let org1: string;
let admin: string;
let creatorId: string;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => call(t.app, { method, url, token, payload });
const decide = (id: string, body: object, token = admin) => api('POST', `/v1/admin/events/${id}/approval`, token, body);
const statusOf = async (id: string) => (await t.database.db.select({ s: events.approvedStatus }).from(events).where(eq(events.id, id)))[0].s;
/** A submitted event waiting for review, as an organizer's SUBMIT leaves it. */
const pending = (name: string, opts: { days?: number; price?: number } = {}) =>
  createEvent(t.database.db, creatorId, { ...simpleEvent(name, { days: opts.days ?? 10, price: opts.price, quota: 20 }), approved: false });
const mailsTo = async (needle: string) => (await readOutbox(t.config.dataDir)).filter((m) => m.text.includes(needle));

beforeAll(async () => {
  let ids;
  ({ t, ids, org1, admin } = await createTeamApp());
  creatorId = ids.org1;
});
afterAll(() => t.close());

describe('GET /v1/admin/events/review', () => {
  it('lists submitted events waiting for review, oldest first, paged; never drafts or decided ones', async () => {
    const first = await pending('Antre Pertama');
    const second = await pending('Antre Kedua');
    await createEvent(t.database.db, creatorId, simpleEvent('Sudah Disetujui', { days: 10 }));
    await createEvent(t.database.db, creatorId, simpleEvent('Masih Draf', { days: 10, draft: true }));
    const res = await api('GET', '/v1/admin/events/review?limit=1', admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 1, totalDocs: 2, totalPages: 2 });
    expect(res.body.data.docs[0]).toMatchObject({
      id: first, name: 'Antre Pertama', approvedStatus: 'pending', email: 'organizer@demo.id', organizerName: 'Komunitas Literasi',
    });
    const all = await api('GET', `/v1/admin/events/review?filters=${encodeURIComponent('{"name":"kedua"}')}`, admin);
    expect(all.body.data.docs.map((d: { id: string }) => d.id)).toEqual([second]);
    // Every order walks its own index; the total is the queue's on any page, past the end too.
    for (const [query, order] of [['sortParam=name&sortBy=asc', [second, first]], ['sortParam=updatedAt&sortBy=desc', [second, first]], ['sortParam=createdAt&sortBy=asc', [first, second]]] as const) {
      const page2 = await api('GET', `/v1/admin/events/review?limit=1&page=2&${query}`, admin);
      expect([query, page2.body.data.docs.map((d: { id: string }) => d.id), page2.body.data.totalDocs]).toEqual([query, [order[1]], 2]);
    }
    const past = await api('GET', '/v1/admin/events/review?limit=1&page=3', admin);
    expect(past.body.data).toMatchObject({ docs: [], totalDocs: 2, totalPages: 2 });
    const pastSearch = await api('GET', `/v1/admin/events/review?limit=1&page=2&filters=${encodeURIComponent('{"name":"kedua"}')}`, admin);
    expect(pastSearch.body.data).toMatchObject({ docs: [], totalDocs: 1, totalPages: 1 });
    const none = await api('GET', `/v1/admin/events/review?limit=1&page=2&filters=${encodeURIComponent('{"name":"tidak ada"}')}`, admin);
    expect(none.body.data).toMatchObject({ docs: [], totalDocs: 0, totalPages: 0 });
    await decide(first, { approvedStatus: 'approved' });
    await decide(second, { approvedStatus: 'rejected', reason: 'Poster buram' });
  });

  it('is for globalAdmin only', async () => {
    const res = await api('GET', '/v1/admin/events/review', org1);
    expect(res.status).toBe(403);
    expect((await api('POST', '/v1/admin/events/00000000-0000-4000-8000-000000000000/approval', org1, { approvedStatus: 'approved' })).status).toBe(403);
  });
});

describe('POST /v1/admin/events/{id}/approval', () => {
  it('approves: the event sells on the platform and its organizer is mailed; a second decision is 409', async () => {
    const id = await pending('Lomba Siap Tayang', { price: 50000 });
    const res = await decide(id, { approvedStatus: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { result: { id, approvedStatus: 'approved', reason: null } }, message: REVIEW_MSG.approved });
    expect(await statusOf(id)).toBe('approved');
    const [mail] = await mailsTo('"Lomba Siap Tayang"');
    expect(mail).toMatchObject({ to: 'organizer@demo.id', subject: 'Event kamu disetujui' });
    expect(mail.text).toContain(`/event/active/overview/${id}`);
    const again = await decide(id, { approvedStatus: 'rejected', reason: 'Berubah pikiran' });
    expect([again.status, again.body.messageId]).toEqual([409, REVIEW_ID.notPending]);
    expect(await statusOf(id)).toBe('approved');
  });

  it('rejects only with a reason, and mails the reason as typed (never a link)', async () => {
    const id = await pending('Lomba Meragukan');
    const bare = await decide(id, { approvedStatus: 'rejected' });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ path: 'reason', message: REVIEW_MSG.reasonRequired }]);
    expect((await decide(id, { approvedStatus: 'rejected', reason: 'x'.repeat(501) })).status).toBe(400);
    const reason = 'Hadiah tidak jelas, lihat <a href="https://jahat.example">ini</a>';
    const res = await decide(id, { approvedStatus: 'rejected', reason });
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe('rejected');
    const [mail] = await mailsTo('"Lomba Meragukan"');
    expect(mail.subject).toBe('Event kamu belum disetujui');
    expect(mail.text).toContain(reason);
    const raw = await import('node:fs/promises').then((fs) => fs.readFile(mail.file, 'utf8'));
    expect(raw).not.toMatch(/text\/html/i);
  });

  it('refuses drafts (409) and unknown or deleted events (404)', async () => {
    const draft = await createEvent(t.database.db, creatorId, simpleEvent('Draf Review', { days: 10, draft: true }));
    expect((await decide(draft, { approvedStatus: 'approved' })).status).toBe(409);
    expect((await decide('00000000-0000-4000-8000-000000000000', { approvedStatus: 'approved' })).status).toBe(404);
    expect((await decide('bukan-id', { approvedStatus: 'approved' })).status).toBe(404);
    const gone = await pending('Sudah Dihapus');
    await t.database.db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, gone));
    expect((await decide(gone, { approvedStatus: 'approved' })).body.messageId).toBe(MESSAGE_ID.notFound);
  });

  it('when the mail cannot leave, the decision is not stored (502) and can be made again', async () => {
    const id = await pending('Surat Macet');
    const outbox = path.join(t.config.dataDir, 'outbox');
    await rename(outbox, `${outbox}-kept`).catch(() => undefined);
    await writeFile(outbox, 'not a directory');
    const res = await decide(id, { approvedStatus: 'approved' });
    await rm(outbox);
    await rename(`${outbox}-kept`, outbox).catch(() => undefined);
    expect([res.status, res.body.messageId]).toEqual([502, REVIEW_ID.mailFailed]);
    expect(await statusOf(id)).toBe('pending');
    expect((await decide(id, { approvedStatus: 'approved' })).status).toBe(200);
  });
});

describe('re-approval rule', () => {
  const editPayload = async (id: string) => detailAsPayload((await api('GET', `/v1/events/detail?id=${id}`, org1)).body.data.result);
  const edit = async (id: string, change: (p: any) => void) => {
    const p = await editPayload(id);
    change(p);
    const res = await api('PUT', `/v1/events/update?id=${id}`, org1, p);
    expect(res.status).toBe(200);
    return res.body.data.result.approvedStatus;
  };

  it('an approved event goes back to review when its name, description, poster, category or organizer changes', async () => {
    const id = await createEvent(t.database.db, creatorId, simpleEvent('Lomba Disetujui', { days: 10, price: 50000, quota: 20 }));
    const changes: [string, (p: any) => void][] = [
      ['name', (p) => { p.name = 'Lomba Disetujui (baru)'; }],
      ['description', (p) => { p.description = 'Deskripsi baru.'; }],
      ['poster', (p) => { p.imageUrl = '/files/poster-baru.png'; }],
      ['sub category', (p) => { p.subTypes = encodeSubTypes({ subCategories: [{ value: 'Debat' }], competitionFields: [{ value: 'Sastra' }] }); }],
      ['organizer name', (p) => { p.eventOrganizer.name = 'Komunitas Lain'; }],
      ['organizer phone', (p) => { p.eventOrganizer.phoneNumber = '6281111111111'; }],
    ];
    for (const [what, change] of changes) {
      await t.database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, id));
      expect([what, await edit(id, change)]).toEqual([what, 'pending']);
    }
    // Back in the admin's queue, and closed to sales until approved again.
    const queue = await api('GET', '/v1/admin/events/review?limit=100', admin);
    expect(queue.body.data.docs.map((d: { id: string }) => d.id)).toContain(id);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.eventId, id));
    const sale = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${id}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
      payload: { ticketId: ticket.id, participant: { name: 'Sari', email: 'sari@contoh.id' } },
    });
    expect(sale.body.messageId).toBe(MESSAGE_ID.registrationClosed);
  });

  it('other edits keep the approval; an edited rejected event goes back to review', async () => {
    const id = await createEvent(t.database.db, creatorId, simpleEvent('Lomba Tetap', { days: 10, quota: 20 }));
    expect(await edit(id, () => undefined)).toBe('approved');
    expect(await edit(id, (p) => { p.tickets[0].name = 'Kategori Baru'; p.locationNotes = 'Catatan'; })).toBe('approved');
    await t.database.db.update(events).set({ approvedStatus: 'rejected' }).where(eq(events.id, id));
    expect(await edit(id, () => undefined)).toBe('pending');
  });
});
