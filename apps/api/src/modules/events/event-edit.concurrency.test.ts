import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import { registrants, tickets } from '../../db/schema/index.js';
import { listening, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';

/**
 * Edits of an event and registrations for its ticket at the same time. Every call is its own
 * HTTP request on a listening app, so on PostgreSQL (TEST_DATABASE_URL) they run in parallel
 * transactions on separate pooled connections. The edit recomputes the remaining quota from the
 * seats sold: counted before the ticket row was locked, a registration committing in between was
 * lost from the quota and the ticket oversold (or the two deadlocked on the event row).
 */
let t: TestApp;
let base: string;
let org1: string;
let creatorId: string;

async function send(method: string, path: string, body: object, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  let ids;
  ({ t, ids, org1 } = await createTeamApp());
  creatorId = ids.org1;
  base = await listening(t);
});
afterAll(() => t.close());

describe('editing an event while its ticket sells', () => {
  it('20 edits interleaved with 200 registrations on a 50-seat ticket: exactly 50 sold, quota 0, every edit saved', async () => {
    const fixture = simpleEvent('Rebutan Saat Diedit', { days: 10, price: 50000, quota: 50 });
    const eventId = await createEvent(t.database.db, creatorId, fixture);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.eventId, eventId));
    const base = fixture.payload as any;
    // What the wizard sends: the stored ticket's id, a field that does not send the event back to review.
    const edit = (i: number) => send('PUT', `/v1/events/update?id=${eventId}`, {
      ...base,
      eventOrganizer: { ...base.eventOrganizer, confirmEmail: base.eventOrganizer.email },
      tickets: [{ ...base.tickets[0], id: ticket.id, name: `Kursi Reguler ${i}` }],
    }, { authorization: `Bearer ${org1}` });
    const register = (i: number) => send('POST', `/v1/platform/events/${eventId}/registrations`, {
      ticketId: ticket.id, participant: { name: `Peserta ${i}`, email: `edit${i}@contoh.id` },
    }, { 'x-platform-key': 'test-platform-key' });

    // One edit after every ten registrations, all in flight together.
    const calls = Array.from({ length: 220 }, (_, i) => (i % 11 === 5 ? { kind: 'edit', run: () => edit(i) } : { kind: 'register', run: () => register(i) }));
    const results = await Promise.all(calls.map(async (c) => ({ kind: c.kind, ...(await c.run()) })));
    const edits = results.filter((r) => r.kind === 'edit');
    const regs = results.filter((r) => r.kind === 'register');
    expect(edits).toHaveLength(20);
    expect(regs).toHaveLength(200);
    expect(edits.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(regs.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = regs.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.messageId === MESSAGE_ID.ticketSoldOut)).toBe(true);

    const [after] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const [sold] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registrants)
      .where(and(eq(registrants.ticketId, ticket.id), eq(registrants.status, 'confirmed')));
    expect(sold.n).toBe(50);
    expect(after).toMatchObject({ originalQuota: 50, quota: 0 });
  });
});
