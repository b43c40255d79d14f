import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { salesVersion } from '../../lib/read-versions.js';
import { EventsService } from '../events/events.service.js';
import { InvoiceLinks } from '../invoices/invoice-link.js';
import { compactCounters } from './compact-counters.job.js';
import { SalesService } from './sales.service.js';

/**
 * Riwayat Penjualan is remembered per event and query while the event's sales version stands
 * (migration 0042, lib/read-versions) and until its invoice links would be signed anew. Every
 * change it shows, made here in plain SQL after a read (so only the triggers can have moved the
 * version), must show on the next read.
 */
let t: TestApp;
let org1: string;
let org1Id: string;
let eventId: string;
let otherEventId: string;
let ticketId: string;
const START = Date.now() - 3600_000;

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1 } = team);
  org1Id = team.ids.org1;
  const { db } = t.database;
  eventId = await createEvent(db, org1Id, simpleEvent('Riwayat Diingat', { days: 10, price: 50000, quota: 20 }));
  otherEventId = await createEvent(db, org1Id, simpleEvent('Riwayat Lain', { days: 10, price: 50000, quota: 20 }));
  ticketId = (await db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) }))!.id;
  const platform = new PlatformService(db);
  for (let i = 0; i < 3; i++) {
    await platform.register(eventId, { ticketId, participant: { name: `Pembeli ${i}`, email: `beli${i}@contoh.id`, phoneNumber: '081234567890' } }, new Date(START + i * 60_000));
  }
}, 60_000);
afterAll(() => t?.close());

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q).then((r: any) => (r.rows ?? r) as any[]);
type Doc = { transactionId: string; user: { name: string }; ticketName: string; status: string; invoiceUrl: string };
async function page(query = 'page=1&limit=10&sortBy=desc&sortParam=createdAt', event = eventId) {
  const res = await call(t.app, { method: 'GET', url: `/v1/transactions/event/${event}?${query}`, token: org1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { docs: Doc[]; totalDocs: number };
}

describe('remembered Riwayat Penjualan', () => {
  it('shows a sale, a buyer edit, a refund, a ticket name and a status no total counts on the next read', async () => {
    expect((await page()).totalDocs).toBe(3);

    await new PlatformService(t.database.db).register(eventId, { ticketId, participant: { name: 'Pembeli Baru', email: 'baru@contoh.id' } });
    expect((await page()).docs[0].user.name).toBe('Pembeli Baru');

    await exec(sql`update transactions set buyer_name = 'Nama Diganti' where event_id = ${eventId}::uuid and buyer_name = 'Pembeli 0'`);
    expect((await page()).docs.map((d) => d.user.name)).toContain('Nama Diganti');

    await exec(sql`update transactions set status = 'refund', refunded_at = now() where event_id = ${eventId}::uuid and buyer_name = 'Pembeli 1'`);
    expect((await page()).docs.find((d) => d.user.name === 'Pembeli 1')?.status).toBe('refund');

    await exec(sql`update tickets set name = 'Tiket Diganti' where id = ${ticketId}::uuid`);
    expect(new Set((await page()).docs.map((d) => d.ticketName))).toEqual(new Set(['Tiket Diganti']));

    // A status moving between two that no total counts (here a refund set back to pending) still shows.
    const refunds = 'page=1&limit=10&sortBy=desc&sortParam=createdAt&filters=' + encodeURIComponent(JSON.stringify({ status: 'refund' }));
    expect((await page(refunds)).totalDocs).toBe(1);
    await exec(sql`update transactions set status = 'pending' where event_id = ${eventId}::uuid and buyer_name = 'Pembeli 1'`);
    expect((await page(refunds)).totalDocs).toBe(0);
  });

  it('keeps its version through another event\'s sale and compaction', async () => {
    await page();
    const before = await salesVersion(t.database.db, eventId);
    const other = (await t.database.db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, otherEventId) }))!.id;
    await new PlatformService(t.database.db).register(otherEventId, { ticketId: other, participant: { name: 'Orang Lain', email: 'lain@contoh.id' } });
    await compactCounters(t.database.db);
    expect(await salesVersion(t.database.db, eventId)).toBe(before);
    expect((await page('page=1&limit=10&sortBy=desc&sortParam=createdAt', otherEventId)).totalDocs).toBe(1);
  });

  it('hands out invoice links signed for the moment asked, a page kept only while they would be the same', async () => {
    const { db } = t.database;
    const links = new InvoiceLinks(t.config.jwtSecret);
    const sales = new SalesService(db, links, new EventsService(db));
    const caller = await callerFor(db, org1Id);
    const q = { page: 1, limit: 10, sortBy: 'desc' as const, sortParam: 'createdAt' as const, filters: {} };
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const expOf = (d: { invoiceUrl: string }) => new URL(d.invoiceUrl, 'http://x').searchParams.get('exp');
    const first = await sales.transactions(caller, eventId, q, new Date(minute + 5_000));
    const same = await sales.transactions(caller, eventId, q, new Date(minute + 50_000));
    expect(same).toBe(first); // kept: the very answer
    const later = await sales.transactions(caller, eventId, q, new Date(minute + 65_000));
    expect(later).not.toBe(first);
    expect(expOf(later.docs[0])).not.toBe(expOf(first.docs[0]));
    expect(later.docs[0].invoiceUrl).toBe(links.url(later.docs[0].transactionId, minute + 65_000));
  });
});
