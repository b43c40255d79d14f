import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, SEAT_MAIL_MSG, SEATS_MSG } from '@eo/contract';
import { auditLog, events, registrants, tickets } from '../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { addMembers, createEvent, createTeamApp, PlatformService, simpleEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';

/**
 * Cancellations (API.md, Seats): the participant's own from the e-ticket page, with their email
 * as a check and until the deadline; the organizer's (owner, admin) of a free registration, with
 * a reason. The seat returns at once; the person is mailed; the organizer's is audited.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let owner: string;
let other: string;
let creatorId: string;
let members: Record<'admin' | 'staff', string>;

const person = (email: string) => ({ name: 'Rani', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
async function freeEvent(name: string, quota = 5, days = 10) {
  const id = await createEvent(t.database.db, creatorId, simpleEvent(name, { days, quota }));
  return { id, ticketId: (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id };
}
async function register(e: { id: string; ticketId: string }, email: string) {
  const res = await call(t.app, { method: 'POST', url: `/v1/public/events/${e.id}/registrations`, payload: await withAltcha(t.app, { ticketId: e.ticketId, participant: person(email) }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.result as { registrantId: string; ticketCode: string };
}
const cancelOwn = (code: string, email: string) => call(t.app, { method: 'POST', url: `/v1/public/tickets/${code}/cancel`, payload: { email } });
const cancelBy = (eventId: string, registrantId: string, token = owner, reason?: string) =>
  call(t.app, { method: 'POST', url: `/v1/events/${eventId}/registrants/${registrantId}/cancel`, token, payload: reason ? { reason } : {} });
const seatsLeft = (ticketId: string) => seatsLeftOf(t.database.db, ticketId);
const statusOf = async (id: string) => (await t.database.db.query.registrants.findFirst({ where: eq(registrants.id, id) }))!.status;
const mailsTo = async (address: string) => (await readReceived(smtp.mails)).filter((m) => m.envelope.includes(address));

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url });
  ({ t, org1: owner, org2: other } = team);
  creatorId = team.ids.org1;
  const organizationId = (await t.database.db.query.memberships.findFirst({ where: (m, { eq: e }) => e(m.userId, creatorId) }))!.organizationId;
  members = await addMembers(t, organizationId, ['admin', 'staff'], 'cancel');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /v1/public/tickets/{ticketCode}/cancel', () => {
  it('cancels with the registration\'s email (any case); the seat returns at once; again answers the same; the person is mailed', async () => {
    const e = await freeEvent('Kelas Menulis', 2);
    const r = await register(e, 'rani@contoh.id');
    expect(await seatsLeft(e.ticketId)).toBe(1);
    await settleJobs(t.database.db);
    const before = (await call(t.app, { method: 'GET', url: `/v1/public/tickets/${r.ticketCode}` })).body.data.result;
    expect(before).toMatchObject({ cancellable: true, cancelUntil: expect.stringMatching(/Z$/) });
    const wrong = await cancelOwn(r.ticketCode, 'orang-lain@contoh.id');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'email', message: SEATS_MSG.emailMismatch }]);
    const res = await cancelOwn(r.ticketCode, ' RANI@contoh.id ');
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual({ status: 'cancelled' });
    expect(await statusOf(r.registrantId)).toBe('cancelled');
    expect(await seatsLeft(e.ticketId)).toBe(2);
    expect((await cancelOwn(r.ticketCode, 'rani@contoh.id')).body.data.result).toEqual({ status: 'cancelled' });
    expect(await seatsLeft(e.ticketId)).toBe(2);
    // The ticket page says so; the door refuses it.
    expect((await call(t.app, { method: 'GET', url: `/v1/public/tickets/${r.ticketCode}` })).body.data.result).toMatchObject({ status: 'cancelled', cancellable: false });
    const door = await call(t.app, { method: 'POST', url: `/v1/events/${e.id}/checkins`, token: owner, payload: { code: r.ticketCode } });
    expect(door.status).toBe(409);
    await settleJobs(t.database.db);
    expect((await mailsTo('rani@contoh.id')).map((m) => m.subject)).toEqual(['E-tiket Kelas Menulis', fill(SEAT_MAIL_MSG.cancelledSubject, { event: 'Kelas Menulis' })]);
    // The email may register again now that its registration is cancelled.
    await register(e, 'rani@contoh.id');
  });

  it('refuses after the deadline, after check-in, for a paid ticket, and for an unknown code', async () => {
    const e = await freeEvent('Temu Komunitas', 5);
    const late = await register(e, 'telat@contoh.id');
    await t.database.db.update(events).set({ cancellationDeadline: new Date(Date.now() - 60_000) }).where(eq(events.id, e.id));
    const closed = await cancelOwn(late.ticketCode, 'telat@contoh.id');
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ messageId: 'CANCELLATION_CLOSED', message: SEATS_MSG.cancellationClosed });
    await t.database.db.update(events).set({ cancellationDeadline: null }).where(eq(events.id, e.id));

    const came = await register(e, 'hadir@contoh.id');
    expect((await call(t.app, { method: 'POST', url: `/v1/events/${e.id}/checkins`, token: owner, payload: { code: came.ticketCode } })).status).toBe(201);
    const checkedIn = await cancelOwn(came.ticketCode, 'hadir@contoh.id');
    expect(checkedIn.status).toBe(409);
    expect(checkedIn.body.messageId).toBe('ALREADY_CHECKED_IN');

    const paidId = await createEvent(t.database.db, creatorId, simpleEvent('Konser Berbayar', { days: 10, quota: 5, price: 50000 }));
    const paidTicket = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, paidId) }))!;
    const bought = await new PlatformService(t.database.db).register(paidId, { ticketId: paidTicket.id, participant: { name: 'Budi', email: 'budi@contoh.id' } });
    const paid = await cancelOwn(bought.ticketCode, 'budi@contoh.id');
    expect(paid.status).toBe(409);
    expect(paid.body.messageId).toBe('PAID_TICKET_IN_APP');
    expect(await statusOf(bought.registrantId)).toBe('confirmed');

    expect((await cancelOwn('AAAAAAAAAAAAAAAAAAAAAA', 'siapa@contoh.id')).status).toBe(404);
    expect((await cancelOwn('pendek', 'siapa@contoh.id')).status).toBe(404);
  });

  it('closes when the event starts if there is no deadline', async () => {
    const e = await freeEvent('Sudah Mulai', 5, 3);
    const r = await register(e, 'mulai@contoh.id');
    await t.database.db.update(events).set({ firstEventAt: new Date(Date.now() - 1000) }).where(eq(events.id, e.id));
    expect((await cancelOwn(r.ticketCode, 'mulai@contoh.id')).body.messageId).toBe('CANCELLATION_CLOSED');
  });
});

describe('POST /v1/events/{id}/registrants/{registrantId}/cancel', () => {
  it('owner and admin cancel with a reason, mailed and audited; staff and other organizations may not', async () => {
    const e = await freeEvent('Pelatihan Relawan', 3);
    const a = await register(e, 'relawan1@contoh.id');
    const b = await register(e, 'relawan2@contoh.id');
    await settleJobs(t.database.db);
    expect((await cancelBy(e.id, a.registrantId, members.staff)).status).toBe(403);
    expect((await cancelBy(e.id, a.registrantId, other)).status).toBe(404);
    expect((await cancelBy(e.id, 'bukan-id')).status).toBe(404);
    const byAdmin = await cancelBy(e.id, a.registrantId, members.admin, 'Data diri tidak lengkap');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.result).toEqual({ status: 'cancelled' });
    expect((await cancelBy(e.id, b.registrantId)).status).toBe(200);
    expect(await seatsLeft(e.ticketId)).toBe(3);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, a.registrantId));
    expect(audit.map((r) => [r.action, r.detail])).toEqual([['registration.cancelled', { eventId: e.id, reason: 'Data diri tidak lengkap' }]]);
    await settleJobs(t.database.db);
    const [, mail] = await mailsTo('relawan1@contoh.id');
    expect(mail.subject).toBe(fill(SEAT_MAIL_MSG.cancelledSubject, { event: 'Pelatihan Relawan' }));
    expect(mail.text).toContain(fill(SEAT_MAIL_MSG.reason, { reason: 'Data diri tidak lengkap' }));
  });
});
