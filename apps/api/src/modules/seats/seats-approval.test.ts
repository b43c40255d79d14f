import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, SEAT_MAIL_MSG, SEATS_MSG } from '@eo/contract';
import { auditLog, checkinCounters, registrants, tickets } from '../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { addMembers, createEvent, createTeamApp, simpleEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';

/**
 * Tickets that require approval (API.md, Seats): a registration lands pending and holds no seat;
 * the organizer (owner, admin) approves, which takes a seat or is refused per person, or
 * declines with a reason; everyone is mailed over real SMTP, and every decision is audited.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let owner: string;
let other: string;
let members: Record<'admin' | 'staff' | 'finance', string>;
let organizationId: string;

const person = (email: string, name = 'Sari Dewi') => ({ name, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
const register = async (eventId: string, ticketId: string, email: string, name?: string) =>
  call(t.app, { method: 'POST', url: `/v1/public/events/${eventId}/registrations`, payload: await withAltcha(t.app, { ticketId, participant: person(email, name) }) });
const decide = (eventId: string, body: object, token = owner) =>
  call(t.app, { method: 'POST', url: `/v1/events/${eventId}/registrations/decisions`, token, payload: body });
const pending = (eventId: string, token = owner, query = '') =>
  call(t.app, { method: 'GET', url: `/v1/events/${eventId}/registrations/pending${query}`, token });
const mailsTo = async (address: string) => (await readReceived(smtp.mails)).filter((m) => m.envelope.includes(address));

/** A free event whose one ticket requires approval, `quota` seats. */
async function approvalEvent(name: string, quota: number) {
  const fixture = simpleEvent(name, { days: 10, quota });
  fixture.payload.tickets![0].requiresApproval = true;
  const id = await createEvent(t.database.db, (await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.email, 'organizer@demo.id') }))!.id, fixture);
  const ticket = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!;
  return { id, ticketId: ticket.id };
}

const statusOf = async (id: string) => (await t.database.db.query.registrants.findFirst({ where: eq(registrants.id, id) }))!.status;
const seatsLeft = (ticketId: string) => seatsLeftOf(t.database.db, ticketId);
const participants = async (eventId: string) =>
  Number((await t.database.db.select({ n: sql<number>`coalesce(sum(${checkinCounters.registered}), 0)` }).from(checkinCounters).where(eq(checkinCounters.eventId, eventId)))[0].n);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url });
  t = team.t;
  owner = team.org1;
  other = team.org2;
  organizationId = (await t.database.db.query.memberships.findFirst({ where: (m, { eq: e }) => e(m.userId, team.ids.org1) }))!.organizationId;
  members = await addMembers(t, organizationId, ['admin', 'staff', 'finance'], 'seats');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a ticket that requires approval', () => {
  it('registers pending, holding no seat and no participant; the person is told it awaits approval, without a QR code', async () => {
    const e = await approvalEvent('Seminar Seleksi', 5);
    const res = await register(e.id, e.ticketId, 'tunggu@contoh.id');
    expect(res.status).toBe(201);
    expect(res.body.data.result).toMatchObject({ status: 'pending' });
    expect(await statusOf(res.body.data.result.registrantId)).toBe('pending');
    expect(await seatsLeft(e.ticketId)).toBe(5);
    expect(await participants(e.id)).toBe(0);
    // The same email again is refused: one registration per email, pending ones included.
    expect((await register(e.id, e.ticketId, 'tunggu@contoh.id')).status).toBe(409);
    await settleJobs(t.database.db);
    const [mail] = await mailsTo('tunggu@contoh.id');
    expect(mail.subject).toBe(fill(SEAT_MAIL_MSG.pendingSubject, { event: 'Seminar Seleksi' }));
    expect(mail.text).toContain(SEAT_MAIL_MSG.pendingNext);
    expect(mail.attachments).toHaveLength(0);
    // E-ticket page says pending; the door refuses it.
    const ticket = await call(t.app, { method: 'GET', url: `/v1/public/tickets/${res.body.data.result.ticketCode}` });
    expect(ticket.body.data.result.status).toBe('pending');
  });

  it('lists the pending ones with their answers for owner and admin only', async () => {
    const e = await approvalEvent('Kelas Terpilih', 5);
    await register(e.id, e.ticketId, 'satu@contoh.id', 'Satu');
    await register(e.id, e.ticketId, 'dua@contoh.id', 'Dua');
    const list = await pending(e.id);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ totalDocs: 2 });
    // Oldest first: the first to apply is decided on first.
    expect(list.body.data.docs.map((d: { name: string; status: string }) => [d.name, d.status])).toEqual([['Satu', 'pending'], ['Dua', 'pending']]);
    expect((await pending(e.id, members.admin)).status).toBe(200);
    expect((await pending(e.id, members.staff)).status).toBe(403);
    expect((await pending(e.id, members.finance)).status).toBe(403);
    expect((await pending(e.id, other)).status).toBe(404);
  });

  it('approves within the quota and refuses, per person, beyond it; declines with a reason; each is mailed and audited', async () => {
    const e = await approvalEvent('Lokakarya Kecil', 1);
    const a = (await register(e.id, e.ticketId, 'ayu@contoh.id', 'Ayu')).body.data.result;
    const b = (await register(e.id, e.ticketId, 'bima@contoh.id', 'Bima')).body.data.result;
    const c = (await register(e.id, e.ticketId, 'citra@contoh.id', 'Citra')).body.data.result;
    await settleJobs(t.database.db);
    const approved = await decide(e.id, { registrantIds: [a.registrantId, b.registrantId, 'bukan-id'], decision: 'approve' }, members.admin);
    expect(approved.status).toBe(200);
    expect(approved.body.data.result).toEqual([
      { registrantId: a.registrantId, outcome: 'approved' },
      { registrantId: b.registrantId, outcome: 'TICKET_SOLD_OUT' },
      { registrantId: 'bukan-id', outcome: 'NOT_PENDING' },
    ]);
    expect(await statusOf(a.registrantId)).toBe('confirmed');
    expect(await statusOf(b.registrantId)).toBe('pending');
    expect(await seatsLeft(e.ticketId)).toBe(0);
    expect(await participants(e.id)).toBe(1);
    // Approving again, or declining someone already approved, changes nothing.
    expect((await decide(e.id, { registrantIds: [a.registrantId], decision: 'approve' })).body.data.result).toEqual([{ registrantId: a.registrantId, outcome: 'NOT_PENDING' }]);
    expect((await decide(e.id, { registrantIds: [a.registrantId], decision: 'decline' })).body.data.result).toEqual([{ registrantId: a.registrantId, outcome: 'NOT_PENDING' }]);

    const declined = await decide(e.id, { registrantIds: [c.registrantId], decision: 'decline', reason: 'Kuota <b>khusus</b> mahasiswa' });
    expect(declined.body.data.result).toEqual([{ registrantId: c.registrantId, outcome: 'declined' }]);
    expect(await statusOf(c.registrantId)).toBe('declined');

    await settleJobs(t.database.db);
    const ayu = await mailsTo('ayu@contoh.id');
    expect(ayu.map((m) => m.subject)).toEqual([fill(SEAT_MAIL_MSG.pendingSubject, { event: 'Lokakarya Kecil' }), 'E-tiket Lokakarya Kecil']);
    expect(ayu[1].attachments).toHaveLength(1);
    // Bima, refused for want of a seat, is still pending: told nothing new.
    expect(await mailsTo('bima@contoh.id')).toHaveLength(1);
    const citra = await mailsTo('citra@contoh.id');
    expect(citra.map((m) => m.subject)).toEqual([
      fill(SEAT_MAIL_MSG.pendingSubject, { event: 'Lokakarya Kecil' }), fill(SEAT_MAIL_MSG.declinedSubject, { event: 'Lokakarya Kecil' }),
    ]);
    expect(citra[1].text).toContain(fill(SEAT_MAIL_MSG.reason, { reason: 'Kuota <b>khusus</b> mahasiswa' }));

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
    expect(audit.filter((r) => r.targetId === a.registrantId).map((r) => r.action)).toEqual(['registration.approved']);
    expect(audit.filter((r) => r.targetId === c.registrantId).map((r) => [r.action, r.summary, r.detail])).toEqual([
      ['registration.declined', 'Citra', { eventId: e.id, reason: 'Kuota <b>khusus</b> mahasiswa' }],
    ]);
    expect(audit.some((r) => r.targetId === b.registrantId)).toBe(false);
  });

  it('refuses staff, finance and other organizations, and bad bodies', async () => {
    const e = await approvalEvent('Diskusi Tertutup', 3);
    const a = (await register(e.id, e.ticketId, 'dewi@contoh.id')).body.data.result;
    for (const token of [members.staff, members.finance]) expect((await decide(e.id, { registrantIds: [a.registrantId], decision: 'approve' }, token)).status).toBe(403);
    expect((await decide(e.id, { registrantIds: [a.registrantId], decision: 'approve' }, other)).status).toBe(404);
    expect((await decide(e.id, { registrantIds: [], decision: 'approve' })).status).toBe(400);
    expect((await decide(e.id, { registrantIds: [a.registrantId], decision: 'terima' })).status).toBe(400);
    expect(await statusOf(a.registrantId)).toBe('pending');
    // A registration of another event is not pending here.
    const f = await approvalEvent('Acara Lain', 3);
    expect((await decide(f.id, { registrantIds: [a.registrantId], decision: 'approve' })).body.data.result[0].outcome).toBe('NOT_PENDING');
  });

  it('approves concurrently without overselling', async () => {
    const e = await approvalEvent('Kuota Ketat', 3);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await register(e.id, e.ticketId, `serentak${i}@contoh.id`)).body.data.result.registrantId);
    const answers = await Promise.all(ids.map((id, i) => decide(e.id, { registrantIds: [id], decision: 'approve' }, i % 2 ? owner : members.admin)));
    const outcomes = answers.map((r) => r.body.data.result[0].outcome);
    expect(outcomes.filter((o) => o === 'approved')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'TICKET_SOLD_OUT')).toHaveLength(5);
    expect(await seatsLeft(e.ticketId)).toBe(0);
    expect(await participants(e.id)).toBe(3);
  });
});

describe('hidden tickets and sold-out answers', () => {
  it('a hidden ticket exists only with its code, compared without case', async () => {
    const fixture = simpleEvent('Gala Undangan', { days: 10, quota: 10 });
    fixture.payload.tickets![0].accessCode = 'Rahasia2027';
    const creator = (await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.email, 'organizer@demo.id') }))!.id;
    const id = await createEvent(t.database.db, creator, fixture);
    const ticketId = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id;
    const attempt = async (accessCode: string | undefined, email: string) => call(t.app, {
      method: 'POST', url: `/v1/public/events/${id}/registrations`,
      payload: await withAltcha(t.app, { ticketId, participant: person(email), ...(accessCode === undefined ? {} : { accessCode }) }),
    });
    for (const [code, email] of [[undefined, 'tanpa@contoh.id'], ['salah123', 'salah@contoh.id']] as const) {
      const res = await attempt(code, email);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ messageId: 'TICKET_NOT_FOUND', message: SEATS_MSG.ticketNotFound });
    }
    const ok = await attempt('rahasia2027', 'undangan@contoh.id');
    expect(ok.status).toBe(201);
    expect(ok.body.data.result.status).toBe('confirmed');
  });

  it('says a sold-out ticket has a waiting list', async () => {
    const fixture = simpleEvent('Webinar Penuh', { days: 10, quota: 1 });
    fixture.payload.tickets![0].waitlist = true;
    const creator = (await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.email, 'organizer@demo.id') }))!.id;
    const id = await createEvent(t.database.db, creator, fixture);
    const ticketId = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id;
    expect((await register(id, ticketId, 'pertama@contoh.id')).status).toBe(201);
    const full = await register(id, ticketId, 'kedua@contoh.id');
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ messageId: 'TICKET_SOLD_OUT', data: { waitlist: true } });
  });
});
