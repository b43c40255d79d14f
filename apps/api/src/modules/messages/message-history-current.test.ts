import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { bulkAudience } from '../../../test/message-world.js';
import { address, markFailed, markSent, nextBatch } from './deliver/deliver.repository.js';

/**
 * The message history and its messages answer from the database on every read: whatever changes
 * them (plain SQL, a batch sent, a bounce, a ticket, registrant or sender renamed, a message
 * created or cancelled) shows on the next read.
 */
let s: Awaited<ReturnType<typeof createTeamApp>>;
let eventId: string;
let ticketId: string;
let messageId: string;

const rowsOf = async <T,>(q: ReturnType<typeof sql>) => ((await s.t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  s = await createTeamApp();
  const { db } = s.t.database;
  eventId = await createEvent(db, s.ids.org1, simpleEvent('Konser Riwayat', { days: 10 }));
  await bulkAudience(db, eventId, 12, 'riwayat');
  [{ id: ticketId }] = await rowsOf<{ id: string }>(sql`select id from tickets where event_id = ${eventId}::uuid`);
  const created = await api('POST', '/messages', { subject: 'Info Satu', body: 'Halo {nama}', audience: { attendance: 'all', ticketIds: [ticketId] } });
  expect(created.status).toBe(201);
  messageId = created.body.data.result.id;
  // Addressed as the sender would (no workers in this app): twelve deliveries queued.
  const [m] = await rowsOf<{ organization_id: string }>(sql`select organization_id from messages where id = ${messageId}::uuid`);
  await db.transaction((tx) => address(tx, { id: messageId, eventId, organizationId: m.organization_id, kind: 'announcement', audience: { attendance: 'all', ticketIds: [ticketId] } }));
});
afterAll(() => s.t.close());

function api(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) {
  return call(s.t.app, { method, url: `/v1/events/${eventId}${path}`, token: s.org1, payload });
}
const one = async () => {
  const res = await api('GET', `/messages/${messageId}`);
  expect(res.status).toBe(200);
  return res.body.data.result as { subject: string; sentBy: string; ticketNames: string[]; counts: { sent: number; failed: number }; failures: { name: string }[] };
};
const history = async () => {
  const res = await api('GET', '/messages?page=1&limit=10');
  expect(res.status).toBe(200);
  return res.body.data as { totalDocs: number; docs: { id: string; subject: string; status: string; counts: { sent: number } }[] };
};

describe('message history read on every request', () => {
  it('shows a change made in plain SQL on the next read', async () => {
    expect((await one()).subject).toBe('Info Satu');
    await s.t.database.db.execute(sql`update messages set subject = 'Info Dua' where id = ${messageId}::uuid`);
    expect((await one()).subject).toBe('Info Dua');
    expect((await history()).docs[0].subject).toBe('Info Dua');
  });

  it('shows a batch sent and a bounce as the sender writes them', async () => {
    const { db } = s.t.database;
    expect((await one()).counts.sent).toBe(0);
    await markSent(db, (await nextBatch(db, messageId, 5)).map((d) => d.id));
    expect((await one()).counts.sent).toBe(5);
    expect((await history()).docs[0].counts.sent).toBe(5);
    const [next] = await nextBatch(db, messageId, 1);
    await markFailed(db, next.id, 'mailbox full', 'bounced');
    expect((await one()).failures).toHaveLength(1);
  });

  it('names a renamed ticket, registrant and sender on the next read', async () => {
    const { db } = s.t.database;
    await db.execute(sql`update tickets set name = 'Tiket Baru' where id = ${ticketId}::uuid`);
    expect((await one()).ticketNames[0]).toBe('Tiket Baru');
    await db.execute(sql`update registrants set name = 'Peserta Berganti' where id = (
      select registrant_id from message_deliveries where message_id = ${messageId}::uuid and status = 'bounced')`);
    expect((await one()).failures[0]?.name).toBe('Peserta Berganti');
    await db.execute(sql`update users set name = 'Organizer Baru' where id = ${s.ids.org1}::uuid`);
    expect((await one()).sentBy).toBe('Organizer Baru');
  });

  it('shows a message created or cancelled through the API on the next read', async () => {
    const before = (await history()).totalDocs;
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const created = await api('POST', '/messages', { subject: 'Info Nanti', body: 'Sampai jumpa', sendAt: later });
    expect(created.status).toBe(201);
    const id = created.body.data.result.id as string;
    const after = await history();
    expect(after.totalDocs).toBe(before + 1);
    expect(after.docs.find((d) => d.id === id)?.status).toBe('scheduled');
    expect((await api('DELETE', `/messages/${id}`)).status).toBe(204);
    expect((await history()).docs.find((d) => d.id === id)?.status).toBe('cancelled');
  });
});
