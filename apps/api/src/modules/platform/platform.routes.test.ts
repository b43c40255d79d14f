import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID, PLATFORM_MSG, wibInstant } from '@eo/contract';
import { eventDailyMetrics, events, registrantAnswers, registrants, tickets, transactions } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

const KEY = { 'x-platform-key': 'test-platform-key' };
let t: TestApp;
let paid: { id: string; ticketId: string; questionId: string };
let free: { id: string; ticketId: string };

const ticketOf = async (eventId: string) => {
  const row = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
  return { ...row, quota: await seatsLeftOf(t.database.db, row.id) };
};
const person = (email: string) => ({ name: ' Sari  ', email, phoneNumber: '6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
const post = (url: string, payload?: object, headers: Record<string, string> = KEY) => call(t.app, { method: 'POST', url, payload, headers });
const register = (eventId: string, body: object) => post(`/v1/platform/events/${eventId}/registrations`, body);
const registerPaid = (email: string, extra: object = {}) =>
  register(paid.id, { ticketId: paid.ticketId, participant: person(email), answers: [{ questionId: paid.questionId, value: 'SMA' }], ...extra });

beforeAll(async () => {
  let ids;
  ({ t, ids } = await createTeamApp());
  const db = t.database.db;
  // The reference payload: paid 50.000, 100 seats, at most 2 per user, one required radio question.
  const paidId = await createEvent(db, ids.org1, { payload: validEventPayload(), draft: false, eventDay: Date.now() + 30 * 86_400_000 });
  const paidTicket = await ticketOf(paidId);
  const question = await db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, paidId) });
  paid = { id: paidId, ticketId: paidTicket.id, questionId: question!.id };
  const freeId = await createEvent(db, ids.org1, simpleEvent('Webinar Gratis', { days: 10, quota: 1 }));
  free = { id: freeId, ticketId: (await ticketOf(freeId)).id };
});
afterAll(() => t.close());

describe('platform key', () => {
  it('a missing or wrong X-Platform-Key gets 401', async () => {
    for (const headers of [{}, { 'x-platform-key': 'wrong-key-123' }] as Record<string, string>[]) {
      const res = await post(`/v1/platform/events/${paid.id}/views`, undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body.messageId).toBe(MESSAGE_ID.unauthorized);
    }
  });
});

describe('views and saves', () => {
  it('counts views, and a save once however often it is sent; unknown events 404', async () => {
    expect((await post(`/v1/platform/events/${paid.id}/views`)).status).toBe(204);
    expect((await post(`/v1/platform/events/${paid.id}/views`)).status).toBe(204);
    const save = () => call(t.app, { method: 'PUT', url: `/v1/platform/events/${paid.id}/saves/user-1`, headers: KEY });
    expect((await save()).status).toBe(204);
    expect((await save()).status).toBe(204);
    const [row] = await t.database.db.select({ views: sql<number>`sum(${eventDailyMetrics.views})::int`, saves: sql<number>`sum(${eventDailyMetrics.saves})::int` })
      .from(eventDailyMetrics).where(eq(eventDailyMetrics.eventId, paid.id));
    expect(row).toEqual({ views: 2, saves: 1 });
    const del = await call(t.app, { method: 'DELETE', url: `/v1/platform/events/${paid.id}/saves/user-1`, headers: KEY });
    expect(del.status).toBe(204);
    expect((await post('/v1/platform/events/00000000-0000-4000-8000-000000000000/views')).status).toBe(404);
    expect((await post('/v1/platform/events/not-an-id/views')).status).toBe(404);
  });
});

describe('POST /v1/platform/events/{eventId}/registrations', () => {
  it('registers a paid seat with a confirmed transaction, a free one without', async () => {
    const res = await registerPaid('budi@contoh.id');
    expect(res.status).toBe(201);
    const { registrantId, transactionId } = res.body.data.result;
    expect(res.body.data.result).toMatchObject({ status: 'confirmed', registrantId: expect.any(String), transactionId: expect.any(String) });
    // The e-ticket's code (API.md): 128 random bits, base64url, stored with the registrant.
    expect(res.body.data.result.ticketCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const db = t.database.db;
    const stored = await db.query.registrants.findFirst({ where: eq(registrants.id, registrantId) });
    expect(stored).toMatchObject({ name: 'Sari', email: 'budi@contoh.id', lastEducation: 'S1', gender: 'Perempuan', quantity: 1, transactionId, ticketCode: res.body.data.result.ticketCode });
    const answers = await db.select().from(registrantAnswers).where(eq(registrantAnswers.registrantId, registrantId));
    expect(answers).toEqual([{ registrantId, questionId: paid.questionId, value: 'SMA' }]);
    const trx = await db.query.transactions.findFirst({ where: eq(transactions.id, transactionId) });
    expect(trx).toMatchObject({ status: 'confirmed', quantity: 1, unitPrice: 50000, grossAmount: 50000, amount: 50000, buyerEmail: 'budi@contoh.id' });
    const gratis = await register(free.id, { ticketId: free.ticketId, participant: { name: 'Ani', email: 'ani@contoh.id', lastEducation: null, gender: null } });
    expect(gratis.status).toBe(201);
    expect(gratis.body.data.result.transactionId).toBeNull();
  });

  it('TICKET_SOLD_OUT once the quota is taken', async () => {
    const res = await register(free.id, { ticketId: free.ticketId, participant: person('late@contoh.id') });
    expect(res.status).toBe(409);
    expect(res.body.messageId).toBe(MESSAGE_ID.ticketSoldOut);
  });

  it('MAX_TICKET_PER_USER counts quantity per email, in any letter case', async () => {
    expect((await registerPaid('Citra@Contoh.id', { quantity: 2 })).status).toBe(201);
    const again = await registerPaid('citra@contoh.ID');
    expect(again.status).toBe(409);
    expect(again.body.messageId).toBe(MESSAGE_ID.maxTicketPerUser);
    expect((await registerPaid('dedi@contoh.id', { quantity: 3 })).body.messageId).toBe(MESSAGE_ID.maxTicketPerUser);
  });

  it('400 for a missing required answer, naming the question', async () => {
    const res = await register(paid.id, { ticketId: paid.ticketId, participant: person('eka@contoh.id'), answers: [{ questionId: paid.questionId, value: '' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Missing answer: Asal sekolah?');
    expect(res.body.errors[0].path).toBe(`answers.${paid.questionId}`);
  });

  it('400 for a name or an answer of invisible characters only', async () => {
    const invisible = '\u200B\u200C\uFEFF ';
    const blankAnswer = await register(paid.id, { ticketId: paid.ticketId, participant: person('eka@contoh.id'), answers: [{ questionId: paid.questionId, value: invisible }] });
    expect(blankAnswer.status).toBe(400);
    expect(blankAnswer.body.message).toBe('Missing answer: Asal sekolah?');
    const blankName = await register(paid.id, { ticketId: paid.ticketId, participant: { ...person('eka@contoh.id'), name: invisible }, answers: [{ questionId: paid.questionId, value: 'SMA' }] });
    expect(blankName.status).toBe(400);
    expect(blankName.body.errors).toEqual([{ message: PLATFORM_MSG.missingName, path: 'participant.name' }]);
  });

  it('400 for a ticket of another event or a bad body; 404 for an unknown event', async () => {
    const foreign = await register(paid.id, { ticketId: free.ticketId, participant: person('f@contoh.id') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].path).toBe('ticketId');
    expect((await register(paid.id, { ticketId: 'x', participant: person('f@contoh.id') })).status).toBe(400);
    for (const bad of [{ quantity: 11 }, { quantity: 0 }, { participant: { ...person('f@contoh.id'), gender: 'X' } }, { participant: { name: 'F', email: 'not-mail' } }]) {
      expect((await registerPaid('f@contoh.id', bad)).status).toBe(400);
    }
    expect((await register('00000000-0000-4000-8000-000000000000', { ticketId: paid.ticketId, participant: person('f@contoh.id') })).status).toBe(404);
  });

  it('REGISTRATION_CLOSED for a draft, a deleted event and a passed deadline', async () => {
    const db = t.database.db;
    const [owner] = await db.select({ creatorId: events.creatorId }).from(events).where(eq(events.id, paid.id));
    const draftId = await createEvent(db, owner.creatorId, simpleEvent('Draf', { days: 10, draft: true }));
    const closed = async (eventId: string, ticketId: string) => {
      const res = await register(eventId, { ticketId, participant: person('g@contoh.id') });
      expect(res.status).toBe(409);
      expect(res.body.messageId).toBe(MESSAGE_ID.registrationClosed);
    };
    await closed(draftId, (await ticketOf(draftId)).id);
    const lateId = await createEvent(db, owner.creatorId, simpleEvent('Telat', { days: 10 }));
    const late = await ticketOf(lateId);
    await db.update(tickets).set({ registrationDeadlineAt: new Date(Date.now() - 60_000) }).where(eq(tickets.id, late.id));
    await closed(lateId, late.id);
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, lateId));
    await closed(lateId, late.id);
  });

  it('REGISTRATION_CLOSED for a published event waiting for review or rejected: no seat, no sale, no money', async () => {
    const db = t.database.db;
    const [owner] = await db.select({ creatorId: events.creatorId }).from(events).where(eq(events.id, paid.id));
    // The reported case: a pending paid event sold a ticket.
    const pendingId = await createEvent(db, owner.creatorId, { ...simpleEvent('Menunggu Review', { days: 10, price: 50000, quota: 5 }), approved: false });
    const ticket = await ticketOf(pendingId);
    const attempt = () => register(pendingId, { ticketId: ticket.id, participant: person('pending@contoh.id') });
    for (const status of ['pending', 'rejected']) {
      await db.update(events).set({ approvedStatus: status }).where(eq(events.id, pendingId));
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.body.messageId).toBe(MESSAGE_ID.registrationClosed);
    }
    expect((await ticketOf(pendingId)).quota).toBe(5);
    expect(await db.select().from(transactions).where(eq(transactions.eventId, pendingId))).toEqual([]);
    expect(await db.select().from(registrants).where(eq(registrants.eventId, pendingId))).toEqual([]);
    // Once approved, it sells.
    await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, pendingId));
    expect((await attempt()).status).toBe(201);
  });

  it('the deadline is WIB wall-clock time: 09:00 WIB is 02:00 UTC', async () => {
    const db = t.database.db;
    const ticket = await ticketOf(free.id);
    await db.update(tickets).set({ quota: 10, originalQuota: 11, registrationDeadlineAt: wibInstant('2030-01-10', '09:00') }).where(eq(tickets.id, ticket.id));
    const platform = new PlatformService(db);
    const input = (email: string) => ({ ticketId: ticket.id, participant: { name: 'W', email } });
    await expect(platform.register(free.id, input('w1@contoh.id'), new Date('2030-01-10T01:59:00Z'))).resolves.toMatchObject({ status: 'confirmed' });
    await expect(platform.register(free.id, input('w2@contoh.id'), new Date('2030-01-10T02:01:00Z'))).rejects.toMatchObject({ code: MESSAGE_ID.registrationClosed });
  });
});

describe('POST /v1/platform/transactions/{transactionId}/refund', () => {
  it('refunds once: the seat returns, a second refund is refused and returns nothing', async () => {
    const seats = async () => (await ticketOf(paid.id)).quota;
    const { transactionId } = (await registerPaid('hana@contoh.id')).body.data.result;
    const before = await seats();
    const first = await post(`/v1/platform/transactions/${transactionId}/refund`);
    expect(first.status).toBe(200);
    expect(first.body.data.result).toEqual({ transactionId, status: 'refund' });
    expect(await seats()).toBe(before + 1);
    const second = await post(`/v1/platform/transactions/${transactionId}/refund`);
    expect(second.status).toBe(409);
    expect(await seats()).toBe(before + 1);
    expect((await post('/v1/platform/transactions/00000000-0000-4000-8000-000000000000/refund')).status).toBe(404);
    // The refunded seat no longer counts against the buyer's maximum.
    expect((await registerPaid('hana@contoh.id', { quantity: 2 })).status).toBe(201);
  });
});
