import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FEE_RUPIAH } from '@eo/contract';
import { coinAccounts, ledgerEntries, tickets, transactions } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

const KEY = { 'x-platform-key': 'test-platform-key' };
let t: TestApp;
let tokens: { org1: string; org2: string; admin: string };
let paid: { id: string; ticketId: string; questionId: string };
let free: { id: string; ticketId: string };

const ticketOf = async (eventId: string) => (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
const person = (email: string) => ({ name: 'Sari', email, lastEducation: 'S1', gender: 'Perempuan' });
const registerPaid = (email: string, quantity = 1) => call(t.app, {
  method: 'POST', url: `/v1/platform/events/${paid.id}/registrations`, headers: KEY,
  payload: { ticketId: paid.ticketId, quantity, participant: person(email), answers: [{ questionId: paid.questionId, value: 'SMA' }] },
});
const refund = (transactionId: string) => call(t.app, { method: 'POST', url: `/v1/platform/transactions/${transactionId}/refund`, headers: KEY });
const coin = (eventId: string, token?: string) => call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${eventId}`, token });
const entriesOf = (eventId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.eventId, eventId));
const ledgerSum = async (eventId: string) => (await entriesOf(eventId)).reduce((s, e) => s + e.amount, 0);

beforeAll(async () => {
  let ids;
  ({ t, ids, ...tokens } = await createTeamApp());
  const db = t.database.db;
  // Paid 50.000 per seat, at most 2 per user, one required question.
  const paidId = await createEvent(db, ids.org1, { payload: validEventPayload(), draft: false, eventDay: Date.now() + 30 * 86_400_000 });
  const question = await db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, paidId) });
  paid = { id: paidId, ticketId: (await ticketOf(paidId)).id, questionId: question!.id };
  const freeId = await createEvent(db, ids.org1, simpleEvent('Webinar Gratis', { days: 10 }));
  free = { id: freeId, ticketId: (await ticketOf(freeId)).id };
});
afterAll(() => t.close());

describe('ledger written with the facts', () => {
  it('free registrations write no coin account and no ledger entry', async () => {
    const res = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${free.id}/registrations`, headers: KEY,
      payload: { ticketId: free.ticketId, participant: person('gratis@contoh.id') },
    });
    expect(res.status).toBe(201);
    expect(await entriesOf(free.id)).toEqual([]);
    expect(await t.database.db.select().from(coinAccounts).where(eq(coinAccounts.eventId, free.id))).toEqual([]);
  });

  it('balance = confirmed sales - fees - refunds, equal to the ledger sum, after sales and a refund', async () => {
    const sold: string[] = [];
    for (const [email, quantity] of [['a@contoh.id', 1], ['b@contoh.id', 2], ['c@contoh.id', 1]] as const) {
      const res = await registerPaid(email, quantity);
      expect(res.status).toBe(201);
      sold.push(res.body.data.result.transactionId);
    }
    // Each sale: +amount and -fee, in the same statement as the transaction.
    for (const id of sold) {
      const trx = (await t.database.db.query.transactions.findFirst({ where: eq(transactions.id, id) }))!;
      const own = (await entriesOf(paid.id)).filter((e) => e.transactionId === id);
      expect(own.map((e) => [e.kind, e.amount]).sort()).toEqual([['payment_fee', -PAYMENT_FEE_RUPIAH], ['sale', trx.amount]]);
    }
    expect((await refund(sold[1])).status).toBe(200);
    // A second refund is refused and writes nothing more.
    expect((await refund(sold[1])).status).toBe(409);
    const refunded = (await entriesOf(paid.id)).filter((e) => e.transactionId === sold[1]);
    expect(refunded.map((e) => [e.kind, e.amount]).sort()).toEqual(
      [['fee_refund', PAYMENT_FEE_RUPIAH], ['payment_fee', -PAYMENT_FEE_RUPIAH], ['refund', -100_000], ['sale', 100_000]]);

    const confirmed = await t.database.db.select().from(transactions).where(eq(transactions.eventId, paid.id));
    const live = confirmed.filter((c) => c.status === 'confirmed');
    const expected = live.reduce((s, c) => s + c.amount, 0) - live.length * PAYMENT_FEE_RUPIAH;
    expect(expected).toBe(2 * 50_000 - 2 * PAYMENT_FEE_RUPIAH);

    const res = await coin(paid.id, tokens.org1);
    expect(res.status).toBe(200);
    const account = (await t.database.db.query.coinAccounts.findFirst({ where: eq(coinAccounts.eventId, paid.id) }))!;
    expect(res.body.data.result).toEqual({
      _id: account.id, eventName: 'Lomba Esai Nasional 2027', coinAmount: expected, status: 'Not Processed', bankAccount: null,
      withdrawalBlockedReason: 'Event is not over yet', verification: null, eventList: 'active',
    });
    expect(await ledgerSum(paid.id)).toBe(res.body.data.result.coinAmount);
    // A globalAdmin sees every event's account.
    expect((await coin(paid.id, tokens.admin)).body.data.result).toEqual(res.body.data.result);
  });

  it('the fee never exceeds what was paid: a fully discounted purchase nets zero', async () => {
    const platform = new PlatformService(t.database.db);
    const before = await ledgerSum(paid.id);
    const r = await platform.register(paid.id, {
      ticketId: paid.ticketId, participant: person('d@contoh.id'), answers: [{ questionId: paid.questionId, value: 'SMA' }], discountAmount: 50_000,
    });
    const own = (await entriesOf(paid.id)).filter((e) => e.transactionId === r.transactionId);
    expect(own.map((e) => [e.kind, e.amount]).sort()).toEqual([['payment_fee', 0], ['sale', 0]]);
    expect(await ledgerSum(paid.id)).toBe(before);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of ledger entries', async () => {
    const db = t.database.db;
    const before = await entriesOf(paid.id);
    await expect(db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.eventId, paid.id))).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.eventId, paid.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries`)).rejects.toThrow();
    expect(await entriesOf(paid.id)).toEqual(before);
  });
});

describe('GET /v1/transactions/eo/coin', () => {
  it('an event without sales gets its account lazily, balance 0', async () => {
    const res = await coin(free.id, tokens.org1);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ _id: expect.any(String), coinAmount: 0, status: 'Not Processed', bankAccount: null });
    expect((await coin(free.id, tokens.org1)).body.data.result._id).toBe(res.body.data.result._id);
  });

  it('404 for another organizer, unknown or malformed ids; 400 without eventId', async () => {
    expect((await coin(paid.id, tokens.org2)).status).toBe(404);
    expect((await coin('00000000-0000-4000-8000-000000000000', tokens.org1)).status).toBe(404);
    expect((await coin('not-an-id', tokens.org1)).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v1/transactions/eo/coin', token: tokens.org1 })).status).toBe(400);
  });
});
