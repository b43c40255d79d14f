import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, OFFER_TEXT, WAITLIST_MSG } from '@eo/contract';
import { auditLog, jobs, registrants, tickets, waitlistEntries } from '../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { addMembers, createEvent, createTeamApp, simpleEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { WaitlistService } from './waitlist.service.js';
import { RegistrationService } from '../platform/registration.service.js';

/**
 * The waiting list (API.md, Seats): a sold-out ticket's list, an offer that holds the freed seat
 * for WAITLIST_OFFER_HOURS, its acceptance (a confirmed registration) or its lapse (the seat to the
 * next), and the organizer's view and removals. Mails over real SMTP.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let owner: string;
let other: string;
let creatorId: string;
let staff: string;

const person = (email: string, name = 'Peserta') => ({ name, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
async function fullEvent(name: string, quota = 1) {
  const fixture = simpleEvent(name, { days: 10, quota });
  fixture.payload.tickets![0].waitlist = true;
  const id = await createEvent(t.database.db, creatorId, fixture);
  return { id, ticketId: (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id };
}
const post = async (url: string, body: object) => call(t.app, { method: 'POST', url, payload: await withAltcha(t.app, body) });
const register = (e: { id: string; ticketId: string }, email: string, name?: string) =>
  post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.ticketId, participant: person(email, name) });
const join = (e: { id: string; ticketId: string }, email: string, name?: string) =>
  post(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.ticketId, participant: person(email, name) });
const accept = (token: string) => call(t.app, { method: 'POST', url: `/v1/public/waitlist-offers/${token}/accept` });
const cancelOwn = (code: string, email: string) => call(t.app, { method: 'POST', url: `/v1/public/tickets/${code}/cancel`, payload: { email } });
const entry = async (id: string) => (await t.database.db.query.waitlistEntries.findFirst({ where: eq(waitlistEntries.id, id) }))!;
const seatsLeft = (ticketId: string) => seatsLeftOf(t.database.db, ticketId);
const mailsTo = async (address: string) => (await readReceived(smtp.mails)).filter((m) => m.envelope.includes(address));
const confirmed = async (ticketId: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registrants).where(and(eq(registrants.ticketId, ticketId), eq(registrants.status, 'confirmed'))))[0].n;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url });
  ({ t, org1: owner, org2: other } = team);
  creatorId = team.ids.org1;
  const organizationId = (await t.database.db.query.memberships.findFirst({ where: (m, { eq: e }) => e(m.userId, creatorId) }))!.organizationId;
  ({ staff } = await addMembers(t, organizationId, ['staff'], 'waitlist'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the waiting list of a sold-out ticket', () => {
  it('a cancellation offers the seat to the first one waiting, who accepts it; the seat is never free in between', async () => {
    const e = await fullEvent('Webinar Laris');
    const first = (await register(e, 'duduk@contoh.id')).body.data.result;
    const a = await join(e, 'antri1@contoh.id', 'Antri Satu');
    expect(a.status).toBe(201);
    expect(a.body.data.result.position).toBe(1);
    const b = await join(e, 'antri2@contoh.id', 'Antri Dua');
    expect(b.body.data.result.position).toBe(2);
    const again = await join(e, 'ANTRI1@contoh.id');
    expect(again.status).toBe(409);
    expect(again.body.messageId).toBe('ALREADY_ON_WAITLIST');
    // Already registered: no place in the queue.
    expect((await join(e, 'duduk@contoh.id')).body.messageId).toBe('MAX_TICKET_PER_USER');

    await settleJobs(t.database.db);
    expect((await cancelOwn(first.ticketCode, 'duduk@contoh.id')).status).toBe(200);
    // Held for the first one waiting: a newcomer is told it is sold out.
    expect(await seatsLeft(e.ticketId)).toBe(0);
    expect((await register(e, 'baru@contoh.id')).body).toMatchObject({ messageId: 'TICKET_SOLD_OUT', data: { waitlist: true } });
    const offered = await entry(a.body.data.result.waitlistId);
    expect(offered.status).toBe('offered');
    expect((await entry(b.body.data.result.waitlistId)).status).toBe('waiting');
    expect(offered.offeredUntil!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    await settleJobs(t.database.db);
    const [mail] = await mailsTo('antri1@contoh.id');
    expect(mail.subject).toBe(fill(WAITLIST_MSG.offerSubject, { event: 'Webinar Laris' }));
    expect(mail.text).toContain(`/e/${e.id}/tawaran/${offered.offerToken}`);

    const page = await t.app.inject({ method: 'GET', url: `/e/${e.id}/tawaran/${offered.offerToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`<form id="tawaran" data-token="${offered.offerToken}" data-event="${e.id}" novalidate>`);
    expect(page.body).toContain(OFFER_TEXT.accept);
    expect((await t.app.inject({ method: 'GET', url: `/e/${e.id}/tawaran/AAAAAAAAAAAAAAAAAAAAAA` })).statusCode).toBe(404);

    const taken = await accept(offered.offerToken!);
    expect(taken.status).toBe(201);
    expect(taken.body.data.result).toMatchObject({ status: 'confirmed' });
    expect((await entry(offered.id)).status).toBe('accepted');
    expect(await confirmed(e.ticketId)).toBe(1);
    expect(await seatsLeft(e.ticketId)).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: `/e/${e.id}/tawaran/${offered.offerToken}` });
    expect(after.body).toContain(OFFER_TEXT.accepted);
    expect(after.body).toContain(`/e/${e.id}/ticket/${taken.body.data.result.ticketCode}`);
    const twice = await accept(offered.offerToken!);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(WAITLIST_MSG.offerAccepted);
    await settleJobs(t.database.db);
    expect((await mailsTo('antri1@contoh.id')).map((m) => m.subject)).toEqual([mail.subject, 'E-tiket Webinar Laris']);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, offered.id));
    expect(audit.map((r) => [r.action, r.actorId])).toEqual([['waitlist.offered', null]]);
  });

  it('a lapsed offer answers 410 and the seat goes to the next, once, however often the lapse runs', async () => {
    const e = await fullEvent('Kelas Favorit');
    const sitting = (await register(e, 'kursi@contoh.id')).body.data.result;
    const a = (await join(e, 'lambat@contoh.id')).body.data.result;
    const b = (await join(e, 'cepat@contoh.id')).body.data.result;
    await cancelOwn(sitting.ticketCode, 'kursi@contoh.id');
    const offer = await entry(a.waitlistId);
    // The offer's time passes.
    await t.database.db.update(waitlistEntries).set({ offeredUntil: new Date(Date.now() - 1000) }).where(eq(waitlistEntries.id, a.waitlistId));
    const waitlist = new WaitlistService(t.database.db, new RegistrationService(t.database.db));
    await Promise.all([waitlist.lapse(a.waitlistId), waitlist.lapse(a.waitlistId)]);
    await waitlist.lapse(a.waitlistId);
    expect((await entry(a.waitlistId)).status).toBe('expired');
    expect((await entry(b.waitlistId)).status).toBe('offered');
    expect(await seatsLeft(e.ticketId)).toBe(0);
    const lapsedPage = await t.app.inject({ method: 'GET', url: `/e/${e.id}/tawaran/${offer.offerToken}` });
    expect(lapsedPage.statusCode).toBe(410);
    expect(lapsedPage.body).toContain(OFFER_TEXT.expired);
    const late = await accept(offer.offerToken!);
    expect(late.status).toBe(410);
    expect(late.body.messageId).toBe('OFFER_EXPIRED');
    expect((await accept((await entry(b.waitlistId)).offerToken!)).status).toBe(201);
    expect(await confirmed(e.ticketId)).toBe(1);
  });

  it('an offer accepted after its time but before its lapse ran is refused, and the seat moves on', async () => {
    const e = await fullEvent('Seminar Singkat');
    const sitting = (await register(e, 'ada@contoh.id')).body.data.result;
    const a = (await join(e, 'telat@contoh.id')).body.data.result;
    const b = (await join(e, 'berikut@contoh.id')).body.data.result;
    await cancelOwn(sitting.ticketCode, 'ada@contoh.id');
    await t.database.db.update(waitlistEntries).set({ offeredUntil: new Date(Date.now() - 1000) }).where(eq(waitlistEntries.id, a.waitlistId));
    expect((await accept((await entry(a.waitlistId)).offerToken!)).status).toBe(410);
    expect((await entry(b.waitlistId)).status).toBe('offered');
    expect(await seatsLeft(e.ticketId)).toBe(0);
  });

  it('an offer accepted by an email registered meanwhile is refused, whatever the ticket allows, and the seat moves on', async () => {
    // Two seats, one person per email on the public pages: the ticket itself allows any number.
    const e = await fullEvent('Kelas Ganda', 2);
    const one = (await register(e, 'satu@contoh.id')).body.data.result;
    const two = (await register(e, 'dua@contoh.id')).body.data.result;
    const a = (await join(e, 'ganda@contoh.id')).body.data.result;
    const b = (await join(e, 'berikutnya@contoh.id')).body.data.result;
    await cancelOwn(one.ticketCode, 'satu@contoh.id');
    await cancelOwn(two.ticketCode, 'dua@contoh.id');
    // A was offered the first seat, B the second; B's place removed, that seat is free and no one waits.
    await call(t.app, { method: 'DELETE', url: `/v1/events/${e.id}/waitlist/${b.waitlistId}`, token: owner });
    expect(await seatsLeft(e.ticketId)).toBe(1);
    // A registers on the free seat, then accepts the offer too: refused, the offer's seat freed.
    expect((await register(e, 'ganda@contoh.id')).status).toBe(201);
    const taken = await accept((await entry(a.waitlistId)).offerToken!);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ messageId: 'MAX_TICKET_PER_USER', message: WAITLIST_MSG.alreadyRegistered });
    expect((await entry(a.waitlistId)).status).toBe('removed');
    expect(await confirmed(e.ticketId)).toBe(1);
    expect(await seatsLeft(e.ticketId)).toBe(1);
  });

  it('refuses to queue while seats are left, without a waiting list, and for an unknown offer', async () => {
    const open = await fullEvent('Masih Ada Kursi', 5);
    expect((await join(open, 'cepat@contoh.id')).body.message).toBe(WAITLIST_MSG.seatsLeft);
    const plainId = await createEvent(t.database.db, creatorId, simpleEvent('Tanpa Antrean', { days: 10, quota: 1 }));
    const plain = { id: plainId, ticketId: (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, plainId) }))!.id };
    await register(plain, 'isi@contoh.id');
    expect((await register(plain, 'lagi@contoh.id')).body.data).toBeUndefined();
    expect((await join(plain, 'lagi@contoh.id')).body.message).toBe(WAITLIST_MSG.notOffered);
    expect((await accept('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('a quota raised is offered by the sweep to those waiting first', async () => {
    const e = await fullEvent('Kuota Ditambah');
    await register(e, 'awal@contoh.id');
    const a = (await join(e, 'tunggu1@contoh.id')).body.data.result;
    await t.database.db.update(tickets).set({ quota: 2, originalQuota: 3 }).where(eq(tickets.id, e.ticketId));
    await new WaitlistService(t.database.db, new RegistrationService(t.database.db)).sweep();
    expect((await entry(a.waitlistId)).status).toBe('offered');
    // One seat held for the offer, one free: a newcomer takes it.
    expect(await seatsLeft(e.ticketId)).toBe(1);
    expect((await register(e, 'pendatang@contoh.id')).status).toBe(201);
  });

  it('an edit of the ticket keeps the seat an offer holds taken', async () => {
    const fixture = simpleEvent('Diedit Saat Ditawarkan', { days: 10, quota: 1 });
    fixture.payload.tickets![0].waitlist = true;
    const id = await createEvent(t.database.db, creatorId, fixture);
    const e = { id, ticketId: (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id };
    const first = (await register(e, 'pertama@contoh.id')).body.data.result;
    const a = (await join(e, 'menunggu@contoh.id')).body.data.result;
    expect((await cancelOwn(first.ticketCode, 'pertama@contoh.id')).status).toBe(200);
    expect((await entry(a.waitlistId)).status).toBe('offered');

    // The organizer renames the ticket while the offer holds its one seat.
    const base = fixture.payload as any;
    const edited = await call(t.app, {
      method: 'PUT', url: `/v1/events/update?id=${id}`, token: owner,
      payload: { ...base, eventOrganizer: { ...base.eventOrganizer, confirmEmail: base.eventOrganizer.email }, tickets: [{ ...base.tickets[0], id: e.ticketId, name: 'Umum Baru' }] },
    });
    expect(edited.status).toBe(200);
    expect(await seatsLeft(e.ticketId)).toBe(0);
    expect((await register(e, 'penyerobot@contoh.id')).body).toMatchObject({ messageId: 'TICKET_SOLD_OUT', data: { waitlist: true } });
    expect((await accept((await entry(a.waitlistId)).offerToken!)).status).toBe(201);
    expect(await confirmed(e.ticketId)).toBe(1);
  });
});

describe('the organizer\'s waiting list', () => {
  it('lists places in order with position, status and deadline; removes one, an offered seat going to the next', async () => {
    const e = await fullEvent('Konser Kampus');
    const sitting = (await register(e, 'penonton@contoh.id')).body.data.result;
    const a = (await join(e, 'w1@contoh.id', 'Wira')).body.data.result;
    const b = (await join(e, 'w2@contoh.id', 'Wulan')).body.data.result;
    const c = (await join(e, 'w3@contoh.id', 'Wati')).body.data.result;
    await cancelOwn(sitting.ticketCode, 'penonton@contoh.id');
    const list = await call(t.app, { method: 'GET', url: `/v1/events/${e.id}/waitlist`, token: owner });
    expect(list.status).toBe(200);
    expect(list.body.data.totalDocs).toBe(3);
    expect(list.body.data.docs.map((d: { name: string; position: number; status: string }) => [d.name, d.position, d.status])).toEqual([
      ['Wira', 1, 'offered'], ['Wulan', 2, 'waiting'], ['Wati', 3, 'waiting'],
    ]);
    expect(list.body.data.docs[0].offeredUntil).toMatch(/Z$/);
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${e.id}/waitlist`, token: staff })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${e.id}/waitlist`, token: other })).status).toBe(404);

    expect((await call(t.app, { method: 'DELETE', url: `/v1/events/${e.id}/waitlist/${b.waitlistId}`, token: owner })).status).toBe(204);
    expect((await entry(b.waitlistId)).status).toBe('removed');
    expect((await call(t.app, { method: 'DELETE', url: `/v1/events/${e.id}/waitlist/${a.waitlistId}`, token: owner })).status).toBe(204);
    expect((await entry(a.waitlistId)).status).toBe('removed');
    expect((await entry(c.waitlistId)).status).toBe('offered');
    expect(await seatsLeft(e.ticketId)).toBe(0);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/events/${e.id}/waitlist/${c.waitlistId}`, token: other })).status).toBe(404);
    const lapses = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'waitlist.lapse'));
    expect(lapses.length).toBeGreaterThanOrEqual(2);
  });
});
