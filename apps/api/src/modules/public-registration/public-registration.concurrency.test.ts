import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import { registrants, tickets } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, seatsLeftOf, simpleEvent } from '../../../test/fixtures.js';
import { solvedAltcha } from '../../../test/proof-of-work.js';

/**
 * 300 public registrations at once (distinct emails, distinct addresses) on a 50-seat free
 * ticket: exactly 50 seats are sold. All 300 are in flight together (Promise.all over
 * app.inject); on PostgreSQL (TEST_DATABASE_URL) they run as concurrent transactions over the
 * pool's connections, each taking the per-email lock and the ticket's row lock in its own
 * transaction.
 */
let t: TestApp;
let creatorId: string;

beforeAll(async () => {
  let ids;
  ({ t, ids } = await createTeamApp());
  creatorId = ids.org1;
});
afterAll(() => t.close());

describe('concurrent public registrations', () => {
  it('300 at once on a 50-seat free ticket: exactly 50 sold, 250 TICKET_SOLD_OUT, 50 distinct ticket codes', async () => {
    const db = t.database.db;
    const eventId = await createEvent(db, creatorId, simpleEvent('Rebutan Gratis', { days: 10, quota: 50 }));
    const ticket = (await db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
    // Solved first, so the 300 requests are in flight together.
    const altchas = await Promise.all(Array.from({ length: 300 }, () => solvedAltcha(t.app)));
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => t.app.inject({
      method: 'POST',
      url: `/v1/public/events/${eventId}/registrations`,
      remoteAddress: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      payload: {
        ticketId: ticket.id, altcha: altchas[i],
        participant: { name: `Peserta ${i}`, email: `rebut${i}@contoh.id`, phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Laki-laki' },
      },
    })));
    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(250);
    expect(lost.every((r) => r.statusCode === 409 && r.json().messageId === MESSAGE_ID.ticketSoldOut)).toBe(true);
    expect(await seatsLeftOf(db, ticket.id)).toBe(0);
    const [row] = await db.select({ n: sql<number>`count(*)::int`, codes: sql<number>`count(distinct ${registrants.ticketCode})::int` })
      .from(registrants).where(and(eq(registrants.ticketId, ticket.id), eq(registrants.status, 'confirmed')));
    expect(row).toEqual({ n: 50, codes: 50 });
    expect(new Set(won.map((r) => r.json().data.result.ticketCode)).size).toBe(50);
  });

  it('the same email 10 times at once (case and +tag varied): exactly one registration, 9 MAX_TICKET_PER_USER', async () => {
    const db = t.database.db;
    const eventId = await createEvent(db, creatorId, simpleEvent('Sama Email', { days: 10, quota: 100 }));
    const ticket = (await db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
    const altchas = await Promise.all(Array.from({ length: 10 }, () => solvedAltcha(t.app)));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.inject({
      method: 'POST', url: `/v1/public/events/${eventId}/registrations`, remoteAddress: `10.1.0.${i + 1}`,
      payload: {
        ticketId: ticket.id, altcha: altchas[i],
        // One person, however the address is written: case and a +tag make no new one.
        participant: { name: 'Sama', email: ['sama@contoh.id', 'SAMA@contoh.id', 'sama+lagi@contoh.id', 'Sama+2@Contoh.id'][i % 4], phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Perempuan' },
      },
    })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().messageId === MESSAGE_ID.maxTicketPerUser)).toHaveLength(9);
    expect(await seatsLeftOf(db, ticket.id)).toBe(99);
  });
});
