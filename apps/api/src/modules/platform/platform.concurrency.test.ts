import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID, wibDay } from '@eo/contract';
import { eventDailyMetrics, registrants, tickets } from '../../db/schema/index.js';
import { listening, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

/**
 * Real concurrency: the app listens on a port and every registration is its own HTTP request,
 * so on PostgreSQL they run in parallel transactions on separate pooled connections
 * (`app.inject` in a Promise.all would not be as concurrent).
 */
let t: TestApp;
let base: string;
let creatorId: string;

const ticketOf = async (eventId: string) => {
  const row = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
  return { ...row, quota: await seatsLeftOf(t.database.db, row.id) };
};
async function post(path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-platform-key': 'test-platform-key', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}
const liveRegistrants = async (ticketId: string) => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registrants)
    .where(and(eq(registrants.ticketId, ticketId), eq(registrants.status, 'confirmed')));
  return row.n;
};

beforeAll(async () => {
  let ids;
  ({ t, ids } = await createTeamApp());
  creatorId = ids.org1;
  base = await listening(t);
});
afterAll(() => t.close());

describe('concurrent registrations', () => {
  it('200 at once on a 50-seat ticket: exactly 50 seats sold, 150 TICKET_SOLD_OUT; a refund (once) frees one seat', async () => {
    const eventId = await createEvent(t.database.db, creatorId, simpleEvent('Rebutan Kursi', { days: 10, price: 50000, quota: 50 }));
    const ticket = await ticketOf(eventId);
    const one = (i: number) => post(`/v1/platform/events/${eventId}/registrations`, {
      ticketId: ticket.id, participant: { name: `Peserta ${i}`, email: `rebut${i}@contoh.id`, gender: i % 2 ? 'Perempuan' : 'Laki-laki' },
    });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => one(i)));
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(150);
    expect(lost.every((r) => r.body.messageId === MESSAGE_ID.ticketSoldOut)).toBe(true);
    expect((await ticketOf(eventId)).quota).toBe(0);
    expect(await liveRegistrants(ticket.id)).toBe(50);
    const [day] = await t.database.db.select({ registrants: sql<number>`sum(${eventDailyMetrics.registrants})::int` }).from(eventDailyMetrics)
      .where(and(eq(eventDailyMetrics.eventId, eventId), eq(eventDailyMetrics.day, wibDay(new Date()))));
    expect(day.registrants).toBe(50);

    // Five refunds of one transaction at once: one succeeds, one seat comes back.
    const refund = `/v1/platform/transactions/${won[0].body.data.result.transactionId}/refund`;
    const refunds = await Promise.all(Array.from({ length: 5 }, () => post(refund)));
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await ticketOf(eventId)).quota).toBe(1);
    expect((await one(1000)).status).toBe(201);
    expect((await one(1001)).body.messageId).toBe(MESSAGE_ID.ticketSoldOut);
    expect((await ticketOf(eventId)).quota).toBe(0);
  });

  it('10 at once by one email with at most 2 per user: exactly 2 succeed', async () => {
    // Reference payload: 100 seats, max 2 per user, one required question.
    const eventId = await createEvent(t.database.db, creatorId, { payload: validEventPayload(), draft: false, eventDay: Date.now() + 30 * 86_400_000 });
    const ticket = await ticketOf(eventId);
    const question = await t.database.db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, eventId) });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(`/v1/platform/events/${eventId}/registrations`, {
      ticketId: ticket.id,
      participant: { name: 'Sama', email: i % 2 ? 'sama@contoh.id' : 'SAMA@contoh.id' },
      answers: [{ questionId: question!.id, value: 'SMA' }],
    })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.messageId === MESSAGE_ID.maxTicketPerUser)).toBe(true);
    expect(await liveRegistrants(ticket.id)).toBe(2);
    expect((await ticketOf(eventId)).quota).toBe(98);
  });
});
