import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, until } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { bulkAudience } from '../../../test/message-world.js';
import { address, markFailed, markSent, nextBatch } from './deliver/deliver.repository.js';

/**
 * The message history and its messages are kept per process while unchanged (migration 0038):
 * whatever changes them (a batch sent, a bounce, a ticket, registrant or sender renamed, plain
 * SQL) shows once its notice arrives, a message created or cancelled here on the very next read.
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

describe('message history kept per process', () => {
  it('serves a kept message without reading while nothing is notified, and a change by plain SQL once noticed', async () => {
    const quietly = (subject: string) => s.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update messages set subject = ${subject} where id = ${messageId}::uuid`);
    });
    // A notice still on its way from a write before may empty the cache once: then again.
    let kept = false;
    for (let i = 0; i < 5 && !kept; i++) {
      await quietly('Info Satu');
      await one();
      await history();
      await quietly('Info Diam');
      kept = (await one()).subject === 'Info Satu' && (await history()).docs[0].subject === 'Info Satu';
    }
    expect(kept).toBe(true);
    await s.t.database.db.execute(sql`update messages set subject = 'Info Dua' where id = ${messageId}::uuid`);
    expect(await until(async () => (await one()).subject === 'Info Dua' && (await history()).docs[0].subject === 'Info Dua')).toBe(true);
  });

  it('shows a batch sent and a bounce as the sender writes them', async () => {
    const { db } = s.t.database;
    expect((await one()).counts.sent).toBe(0);
    await markSent(db, (await nextBatch(db, messageId, 5)).map((d) => d.id));
    expect(await until(async () => (await one()).counts.sent === 5 && (await history()).docs[0].counts.sent === 5)).toBe(true);
    const [next] = await nextBatch(db, messageId, 1);
    await markFailed(db, next.id, 'mailbox full', 'bounced');
    expect(await until(async () => (await one()).failures.length === 1)).toBe(true);
  });

  it('names a renamed ticket, registrant and sender once noticed', async () => {
    const { db } = s.t.database;
    await db.execute(sql`update tickets set name = 'Tiket Baru' where id = ${ticketId}::uuid`);
    expect(await until(async () => (await one()).ticketNames[0] === 'Tiket Baru')).toBe(true);
    await db.execute(sql`update registrants set name = 'Peserta Berganti' where id = (
      select registrant_id from message_deliveries where message_id = ${messageId}::uuid and status = 'bounced')`);
    expect(await until(async () => (await one()).failures[0]?.name === 'Peserta Berganti')).toBe(true);
    await db.execute(sql`update users set name = 'Organizer Baru' where id = ${s.ids.org1}::uuid`);
    expect(await until(async () => (await one()).sentBy === 'Organizer Baru')).toBe(true);
  });

  it('shows a message created or cancelled through this process on the very next read', async () => {
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
