import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import { registrants, tickets, ticketSeats } from '../../db/schema/index.js';
import { listening, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, seatsLeftOf, simpleEvent } from '../../../test/fixtures.js';

/**
 * A limited ticket's seats handed out to slots (take_seats, db/functions): registrations of one
 * ticket each lock a slot of their own. Real concurrency, as in platform.concurrency.test.ts:
 * every registration its own HTTP request on a listening app.
 */
let t: TestApp;
let base: string;
let creatorId: string;

async function register(eventId: string, ticketId: string, email: string, quantity = 1) {
  const res = await fetch(`${base}/v1/platform/events/${eventId}/registrations`, {
    method: 'POST',
    headers: { 'x-platform-key': 'test-platform-key', 'content-type': 'application/json' },
    body: JSON.stringify({ ticketId, quantity, participant: { name: email.split('@')[0], email } }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const ticketOf = async (eventId: string) => (await t.database.db.select().from(tickets).where(eq(tickets.eventId, eventId)))[0]!;
const slotsOf = (ticketId: string) => t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticketId)).orderBy(ticketSeats.slot);
const confirmed = async (ticketId: string) => (await t.database.db.select({ n: sql<number>`coalesce(sum(${registrants.quantity}), 0)::int` }).from(registrants)
  .where(and(eq(registrants.ticketId, ticketId), eq(registrants.status, 'confirmed'))))[0]!.n;

beforeAll(async () => {
  let ids;
  ({ t, ids } = await createTeamApp());
  creatorId = ids.org1;
  base = await listening(t);
});
afterAll(() => t.close());

describe('seat slots', () => {
  it('a 100-seat ticket hands its seats to 31 slots; 300 registrations at once sell exactly 100', async () => {
    const eventId = await createEvent(t.database.db, creatorId, simpleEvent('Kursi Tersebar', { days: 10, quota: 100 }));
    const ticket = await ticketOf(eventId);
    expect(await slotsOf(ticket.id)).toEqual([]);

    // The first take comes from the ticket's row, which then gives each slot a share of the 99 left.
    expect((await register(eventId, ticket.id, 'pertama@contoh.id')).status).toBe(201);
    const slots = await slotsOf(ticket.id);
    expect(slots.map((s) => s.slot)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(slots.every((s) => s.seats === 3)).toBe(true);
    expect((await ticketOf(eventId)).quota).toBe(99 - 31 * 3);
    expect(await seatsLeftOf(t.database.db, ticket.id)).toBe(99);

    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => register(eventId, ticket.id, `tersebar${i}@contoh.id`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(99);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.messageId === MESSAGE_ID.ticketSoldOut)).toBe(true);
    expect(await confirmed(ticket.id)).toBe(100);
    expect(await seatsLeftOf(t.database.db, ticket.id)).toBe(0);
    expect((await slotsOf(ticket.id)).every((s) => s.seats === 0)).toBe(true);
  });

  it('seats spread thinner than a registration asks for are taken from several slots, and never below zero', async () => {
    const fixture = simpleEvent('Kursi Berserakan', { days: 10, quota: 40 });
    fixture.payload.tickets![0].maxTicketPerUser = 3;
    const eventId = await createEvent(t.database.db, creatorId, fixture);
    const ticket = await ticketOf(eventId);
    // 3 seats left: one in the ticket's row and one in each of two slots.
    await t.database.db.update(tickets).set({ quota: 1 }).where(eq(tickets.id, ticket.id));
    await t.database.db.insert(ticketSeats).values([{ ticketId: ticket.id, slot: 4, seats: 1 }, { ticketId: ticket.id, slot: 9, seats: 1 }]);

    expect((await register(eventId, ticket.id, 'bertiga@contoh.id', 3)).status).toBe(201);
    expect(await seatsLeftOf(t.database.db, ticket.id)).toBe(0);
    expect((await slotsOf(ticket.id)).map((s) => s.seats)).toEqual([0, 0]);
    expect((await ticketOf(eventId)).quota).toBe(0);
    const late = await register(eventId, ticket.id, 'telat@contoh.id');
    expect(late.status).toBe(409);
    expect(late.body.messageId).toBe(MESSAGE_ID.ticketSoldOut);

    // Two seats left, one per slot, asked for by five people for two each at once: one gets them.
    await t.database.db.update(ticketSeats).set({ seats: 1 }).where(eq(ticketSeats.ticketId, ticket.id));
    const pairs = await Promise.all(Array.from({ length: 5 }, (_, i) => register(eventId, ticket.id, `berdua${i}@contoh.id`, 2)));
    expect(pairs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await confirmed(ticket.id)).toBe(5);
    expect(await seatsLeftOf(t.database.db, ticket.id)).toBe(0);
  });

  it('with the ticket row and every slot being written, a registration waits for them instead of failing', async () => {
    const eventId = await createEvent(t.database.db, creatorId, simpleEvent('Kursi Terkunci', { days: 10, quota: 40 }));
    const ticket = await ticketOf(eventId);
    await t.database.db.update(tickets).set({ quota: 0 }).where(eq(tickets.id, ticket.id));
    await t.database.db.insert(ticketSeats).values({ ticketId: ticket.id, slot: 1, seats: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockedNow = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds the row and the slot (an edit of the ticket does exactly this).
    const writer = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from tickets where id = ${ticket.id}::uuid for no key update`);
      await tx.execute(sql`select 1 from ticket_seats where ticket_id = ${ticket.id}::uuid for update`);
      locked();
      await held;
    });
    await lockedNow;
    let answered = false;
    const waiting = register(eventId, ticket.id, 'sabar@contoh.id').then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 500));
    expect(answered).toBe(false);
    release();
    await writer;
    expect((await waiting).status).toBe(201);
    expect(await seatsLeftOf(t.database.db, ticket.id)).toBe(1);
  });
});
