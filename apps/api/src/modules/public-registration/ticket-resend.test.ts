import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, MAIL_MSG, PROOF_OF_WORK, PUBLIC_RESEND_TEXT, TICKET_RESEND_MINUTES } from '@eo/contract';
import { events, jobs, registrants, tickets } from '../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { solvedAltcha, withAltcha } from '../../../test/proof-of-work.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { ticketPageUrl } from '../platform/ticket-mail.js';

/**
 * "Kirim ulang e-tiket" (`POST /v1/public/events/{eventId}/tickets/resend`): the e-ticket mails of
 * an email's confirmed registrations go out again through the queue, over real SMTP here, with
 * one answer whether or not the email registered, each registration at most once per
 * TICKET_RESEND_MINUTES.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let creatorId: string;
let eventId: string;
let ticketId: string;
const publicUrl = () => t.config.publicUrl;

const person = (email: string) => ({ name: 'Sari Dewi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
const register = async (email: string, event = eventId, ticket = ticketId) => {
  const res = await call(t.app, { method: 'POST', url: `/v1/public/events/${event}/registrations`, payload: await withAltcha(t.app, { ticketId: ticket, participant: person(email) }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.result as { registrantId: string; ticketCode: string };
};
const resend = async (email: string, event = eventId, body: object = {}) =>
  call(t.app, { method: 'POST', url: `/v1/public/events/${event}/tickets/resend`, payload: await withAltcha(t.app, { email, ...body }) });
/** The e-ticket mails that arrived for `address` (the envelope's recipient), decoded, in order. */
const ticketMails = async (address: string) => (await readReceived(smtp.mails)).filter((m) => m.envelope.includes(address.toLowerCase()));
const resendJobs = (registrantId: string) => t.database.db.select().from(jobs)
  .where(and(eq(jobs.kind, 'ticket.resend'), sql`${jobs.payload}->>'registrantId' = ${registrantId}`));
const freeEvent = async (name: string) => {
  const id = await createEvent(t.database.db, creatorId, simpleEvent(name, { days: 10, quota: 50 }));
  const ticket = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!;
  return { id, ticketId: ticket.id };
};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  // A worker sends what the queue holds, over SMTP to the receiver, as in a server.
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url });
  t = team.t;
  creatorId = team.ids.org1;
  ({ id: eventId, ticketId } = await freeEvent('Kelas Kirim Ulang'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /v1/public/events/{eventId}/tickets/resend', () => {
  it('answers a registered and an unknown email alike (202, the same body); only the registered one gets the e-ticket again', async () => {
    const { ticketCode } = await register('sari@contoh.id');
    await settleJobs(t.database.db);
    expect(await ticketMails('sari@contoh.id')).toHaveLength(1);

    const known = await resend('sari@contoh.id');
    const unknown = await resend('tidak-terdaftar@contoh.id');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ data: null, message: PUBLIC_RESEND_TEXT.sent });
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    await settleJobs(t.database.db);
    const mails = await ticketMails('sari@contoh.id');
    expect(mails).toHaveLength(2);
    // The registration's own mail again: its subject, its ticket link and QR code, yet a message of its own.
    const [first, again] = mails;
    expect(again!.subject).toBe(fill(MAIL_MSG.ticketSubject, { event: 'Kelas Kirim Ulang' }));
    expect(again!.text).toBe(first!.text);
    expect(again!.text).toContain(ticketPageUrl(publicUrl(), eventId, ticketCode));
    expect(again!.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    expect(again!.messageId).not.toBe(first!.messageId);
    expect(await ticketMails('tidak-terdaftar@contoh.id')).toHaveLength(0);
  });

  it('matches the email as the one-per-email rule does: any case, with or without a +tag, either way round', async () => {
    await register('budi@contoh.id');
    await register('rina+kelas@contoh.id');
    await settleJobs(t.database.db);
    expect((await resend('Budi+lupa@Contoh.ID')).status).toBe(202);
    expect((await resend('RINA@contoh.id')).status).toBe(202);
    await settleJobs(t.database.db);
    expect(await ticketMails('budi@contoh.id')).toHaveLength(2);
    expect(await ticketMails('rina+kelas@contoh.id')).toHaveLength(2);
    // Nothing went to the typed variants themselves.
    expect(await ticketMails('budi+lupa@contoh.id')).toHaveLength(0);
    expect(await ticketMails('rina@contoh.id')).toHaveLength(0);
  });

  it(`mails a registration again at most once in ${TICKET_RESEND_MINUTES} minutes, however many ask at once; then again`, async () => {
    const { registrantId } = await register('dina@contoh.id');
    await settleJobs(t.database.db);
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend('dina@contoh.id')));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(await resendJobs(registrantId)).toHaveLength(1);
    expect((await resend('DINA@contoh.id')).status).toBe(202);
    await settleJobs(t.database.db);
    expect(await resendJobs(registrantId)).toHaveLength(1);
    expect(await ticketMails('dina@contoh.id')).toHaveLength(2);

    // The window over (the last resend moved back past it): the next request mails again.
    await t.database.db.update(registrants)
      .set({ ticketResentAt: sql`${registrants.ticketResentAt} - ${TICKET_RESEND_MINUTES} * interval '1 minute'` })
      .where(eq(registrants.id, registrantId));
    expect((await resend('dina@contoh.id')).status).toBe(202);
    await settleJobs(t.database.db);
    expect(await ticketMails('dina@contoh.id')).toHaveLength(3);
  });

  it('mails no cancelled or refunded registration, nor one of another event', async () => {
    const cancelled = await register('batal@contoh.id');
    await t.database.db.update(registrants).set({ status: 'refunded', cancelledAt: new Date() }).where(eq(registrants.id, cancelled.registrantId));
    // A paid seat bought in the app, then refunded (the refund cancels its registration).
    const paidId = await createEvent(t.database.db, creatorId, simpleEvent('Kelas Berbayar', { days: 10, price: 50_000, quota: 10 }));
    const paidTicket = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, paidId) }))!;
    const platform = new PlatformService(t.database.db);
    const bought = await platform.register(paidId, { ticketId: paidTicket.id, participant: person('refund@contoh.id') });
    await platform.refund(bought.transactionId!);
    const other = await freeEvent('Kelas Lain');
    await register('lain@contoh.id', other.id, other.ticketId);
    await settleJobs(t.database.db);
    const before = {
      batal: (await ticketMails('batal@contoh.id')).length, refund: (await ticketMails('refund@contoh.id')).length, lain: (await ticketMails('lain@contoh.id')).length,
    };

    for (const [email, event] of [['batal@contoh.id', eventId], ['refund@contoh.id', paidId], ['lain@contoh.id', eventId]] as const) {
      const res = await resend(email, event);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ data: null, message: PUBLIC_RESEND_TEXT.sent });
    }
    await settleJobs(t.database.db);
    expect({
      batal: (await ticketMails('batal@contoh.id')).length, refund: (await ticketMails('refund@contoh.id')).length, lain: (await ticketMails('lain@contoh.id')).length,
    }).toEqual(before);
    expect(await resendJobs(cancelled.registrantId)).toHaveLength(0);
    expect(await resendJobs(bought.registrantId)).toHaveLength(0);
  });

  it('needs a solved challenge: missing, wrong or spent before is 400 CHALLENGE_REQUIRED, and nothing is queued', async () => {
    const { registrantId } = await register('eka@contoh.id');
    const url = `/v1/public/events/${eventId}/tickets/resend`;
    const missing = await call(t.app, { method: 'POST', url, payload: { email: 'eka@contoh.id' } });
    const wrong = await call(t.app, { method: 'POST', url, payload: { email: 'eka@contoh.id', altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') } });
    const altcha = await solvedAltcha(t.app);
    expect((await call(t.app, { method: 'POST', url, payload: { email: 'nobody@contoh.id', altcha } })).status).toBe(202);
    const replayed = await call(t.app, { method: 'POST', url, payload: { email: 'eka@contoh.id', altcha } });
    for (const res of [missing, wrong, replayed]) {
      expect(res.status).toBe(400);
      expect(res.body.messageId).toBe(PROOF_OF_WORK.messageId);
    }
    expect(await resendJobs(registrantId)).toHaveLength(0);
  });

  it('is 404 for an unknown, unpublished, unapproved or deleted event, whatever the email', async () => {
    const { id: deletedId } = await freeEvent('Kelas Dihapus');
    await register('hapus@contoh.id', deletedId, (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, deletedId) }))!.id);
    await t.database.db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deletedId));
    const draft = await createEvent(t.database.db, creatorId, simpleEvent('Kelas Draf', { days: 10, draft: true }));
    const pending = await createEvent(t.database.db, creatorId, { ...simpleEvent('Kelas Menunggu', { days: 10 }), approved: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bukan-uuid', deletedId, draft, pending]) {
      const res = await resend('hapus@contoh.id', id);
      expect(res.status, id).toBe(404);
    }
    await settleJobs(t.database.db);
    expect(await ticketMails('hapus@contoh.id')).toHaveLength(1);
  });

  it('refuses what is not an email (400), before anything is looked up', async () => {
    const res = await resend('bukan email');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('email');
  });
});
