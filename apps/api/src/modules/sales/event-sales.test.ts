import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { eventPayloadSchema } from '@eo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { EventWriteService } from '../events/event-write.service.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;
let eventId: string;
let ticketId: string;
let freeTicket: string;
let creatorId: string;
const tx: { id: string; email: string }[] = [];
const START = Date.now() - 3600_000;

/**
 * A paid event (Lomba, 50.000, quota 5) with a free second ticket: 5 paid sales, the second
 * with a 10.000 discount (code HEMAT) and 2 seats, the fourth refunded; 2 free registrations.
 */
beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1, org2, admin } = team);
  const { db } = t.database;
  const e = simpleEvent('Lomba Pidato', { days: 10, price: 50000, quota: 5 });
  const [first] = e.payload.tickets!;
  e.payload.tickets = [first, { ...first, name: 'Penonton', type: 'free', price: 0, originalQuotaType: 'unlimited', originalQuota: -1 }];
  creatorId = team.ids.org1;
  eventId = await createEvent(db, creatorId, e);
  const tickets = await db.query.tickets.findMany({ where: (x, { eq }) => eq(x.eventId, eventId), orderBy: (x, { asc }) => asc(x.position) });
  [ticketId, freeTicket] = [tickets[0].id, tickets[1].id];
  const platform = new PlatformService(db);
  for (let i = 0; i < 4; i++) {
    const email = `buyer${i}@contoh.id`;
    const res = await platform.register(eventId, {
      ticketId, quantity: i === 1 ? 2 : 1, participant: { name: `Pembeli ${i}`, email, phoneNumber: '081234567890' },
      ...(i === 1 ? { discountCode: 'HEMAT', discountAmount: 10000 } : {}),
    }, new Date(START + i * 60_000));
    tx.push({ id: res.transactionId!, email });
  }
  await platform.refund(tx[3].id, new Date(START + 10 * 60_000));
  for (let i = 0; i < 2; i++) {
    await platform.register(eventId, { ticketId: freeTicket, participant: { name: `Penonton ${i}`, email: `free${i}@contoh.id` } }, new Date(START + (20 + i) * 60_000));
  }
});
afterAll(() => t.close());

const get = (url: string, token = org1) => call(t.app, { method: 'GET', url, token });
const summary = async () => (await get(`/v1/transactions/event/${eventId}/summary`)).body.data.result;
const f = (filters: object) => encodeURIComponent(JSON.stringify(filters));

describe('GET /v1/transactions/event/{id}/summary', () => {
  it('sums confirmed transactions: gross, discount and paid; refunds excluded', async () => {
    const s = await summary();
    // Confirmed: 50.000 + 2 x 50.000 (minus 10.000) + 50.000 = gross 200.000, discount 10.000, paid 190.000.
    expect(s).toMatchObject({ ticketCount: 6, grossCoinAmount: 200000, discountedCoinAmount: 10000, coinAmount: 190000 });
    expect(s.event.tickets).toEqual([
      { id: ticketId, name: 'Peserta Umum', price: 50000, type: 'paid', originalQuotaType: 'limited', originalQuota: 5, quota: 1, ticketCount: 4, status: 'Available' },
      { id: freeTicket, name: 'Penonton', price: 0, type: 'free', originalQuotaType: 'unlimited', originalQuota: -1, quota: -1, ticketCount: 2, status: 'Available' },
    ]);
  });

  it('shows Sold Out when the last seat goes, Available again after a refund', async () => {
    const platform = new PlatformService(t.database.db);
    const last = await platform.register(eventId, { ticketId, participant: { name: 'Terakhir', email: 'last@contoh.id' } }, new Date(START + 30 * 60_000));
    const sold = await summary();
    expect(sold.event.tickets[0]).toMatchObject({ quota: 0, ticketCount: 5, status: 'Sold Out' });
    expect(sold.coinAmount).toBe(240000);
    await platform.refund(last.transactionId!);
    const back = await summary();
    expect(back.event.tickets[0]).toMatchObject({ quota: 1, ticketCount: 4, status: 'Available' });
    expect(back.coinAmount).toBe(190000);
  });
});

describe('GET /v1/transactions/event/{id}', () => {
  it('pages the transactions newest first with buyer, amounts, status and a signed invoice link', async () => {
    const res = await get(`/v1/transactions/event/${eventId}?page=1&limit=2`);
    expect(res.status).toBe(200);
    const { docs, ...paging } = res.body.data;
    // Five sales: four of beforeAll and the refunded one of the Sold Out test.
    expect(paging).toEqual({ page: 1, limit: 2, totalDocs: 5, totalPages: 3 });
    expect(docs[0]).toMatchObject({ user: { name: 'Terakhir', email: 'last@contoh.id', handphone: null }, status: 'refund' });
    expect(docs[1]).toMatchObject({
      transactionId: tx[3].id, status: 'refund', quantity: 1, amount: 50000, grossAmount: 50000, discountAmount: 0, discountCode: null,
      ticketId, ticketName: 'Peserta Umum', user: { name: 'Pembeli 3', email: 'buyer3@contoh.id', handphone: '081234567890' },
    });
    expect(docs[1].invoiceId).toMatch(/^INV-\d{8}-[0-9A-F]{8}$/);
    expect(docs[1].invoiceUrl).toMatch(new RegExp(`^/v1/doc/event/invoice-${tx[3].id}\\.pdf\\?exp=\\d+&sig=[\\w-]+$`));
    const page3 = await get(`/v1/transactions/event/${eventId}?page=3&limit=2`);
    expect(page3.body.data.docs.map((d: any) => d.transactionId)).toEqual([tx[0].id]);
  });

  it('filters by status and ticket, sorts by amount', async () => {
    const confirmed = await get(`/v1/transactions/event/${eventId}?sortBy=asc&filters=${f({ status: 'confirmed' })}`);
    expect(confirmed.body.data.docs.map((d: any) => d.transactionId)).toEqual([tx[0].id, tx[1].id, tx[2].id]);
    expect(confirmed.body.data.docs[1]).toMatchObject({ quantity: 2, grossAmount: 100000, discountAmount: 10000, amount: 90000, discountCode: 'HEMAT' });
    const refunds = await get(`/v1/transactions/event/${eventId}?filters=${f({ status: 'refund', ticketId })}`);
    expect(refunds.body.data.totalDocs).toBe(2);
    expect((await get(`/v1/transactions/event/${eventId}?filters=${f({ ticketId: freeTicket })}`)).body.data.totalDocs).toBe(0);
    const byAmount = await get(`/v1/transactions/event/${eventId}?sortParam=amount&sortBy=desc&filters=${f({ status: 'confirmed' })}`);
    expect(byAmount.body.data.docs[0].amount).toBe(90000);
    expect((await get(`/v1/transactions/event/${eventId}?filters=${f({ status: 'paid' })}`)).status).toBe(400);
    expect((await get(`/v1/transactions/event/${eventId}?filters=${f({ ticketId: 'x' })}`)).status).toBe(400);
  });

  it('exports Riwayat Penjualan as CSV in one request, oldest first, filters applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/transactions/event/${eventId}/export?format=csv&filters=${f({ status: 'confirmed' })}`, headers: { authorization: `Bearer ${org1}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions-lomba-pidato.csv"');
    const rows: string[][] = parse(res.rawPayload.subarray(3));
    expect(rows[0]).toEqual(['No', 'Tanggal Transaksi', 'Invoice', 'Nama', 'Email', 'No Telp', 'Jenis Tiket', 'Jumlah Tiket', 'Harga Satuan', 'Harga Kotor', 'Diskon', 'Kode Diskon', 'Total Bayar', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[7], r[9], r[10], r[11], r[12], r[13]])).toEqual([
      ['1', 'Pembeli 0', '1', '50000', '0', '', '50000', 'confirmed'],
      ['2', 'Pembeli 1', '2', '100000', '10000', 'HEMAT', '90000', 'confirmed'],
      ['3', 'Pembeli 2', '1', '50000', '0', '', '50000', 'confirmed'],
    ]);
  });

  it('exports the same rows as XLSX, amounts as numbers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/transactions/event/${eventId}/export?format=xlsx&filters=${f({ status: 'confirmed' })}`, headers: { authorization: `Bearer ${org1}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions-lomba-pidato.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['No', 'Tanggal Transaksi', 'Invoice', 'Nama', 'Email', 'No Telp', 'Jenis Tiket', 'Jumlah Tiket', 'Harga Satuan', 'Harga Kotor', 'Diskon', 'Kode Diskon', 'Total Bayar', 'Status']);
    // An empty text cell reads back as no value.
    expect(rows.slice(1).map((r) => [r[0], r[3], r[7], r[9], r[10], r[11] ?? '', r[12], r[13]])).toEqual([
      [1, 'Pembeli 0', 1, 50000, 0, '', 50000, 'confirmed'],
      [2, 'Pembeli 1', 2, 100000, 10000, 'HEMAT', 90000, 'confirmed'],
      [3, 'Pembeli 2', 1, 50000, 0, '', 50000, 'confirmed'],
    ]);
  });
});

describe('GET /v1/events/{eventId}/tickets/{ticketId}/price-history', () => {
  it('lists the price changes of the ticket, newest first', async () => {
    const detail = (await get(`/v1/events/detail?id=${eventId}`)).body.data.result;
    expect((await get(`/v1/events/${eventId}/tickets/${ticketId}/price-history`)).body).toEqual({ data: { result: [] } });
    const caller = await callerFor(t.database.db, creatorId);
    const writer = new EventWriteService(t.database.db);
    // The stored tickets sent back as the wizard would, the first one with a new price.
    const payloadWith = (price: number) => eventPayloadSchema.parse({
      ...simpleEvent('Lomba Pidato', { days: 10, price: 50000, quota: 5 }).payload,
      tickets: detail.tickets.map(({ eventId: _e, quota: _q, ticketCount: _c, ...ticket }: any, i: number) => ({
        ...ticket, ...(i === 0 ? { price } : {}),
      })),
    });
    await writer.update(caller, eventId, payloadWith(60000), 'edit', new Date(START + 40 * 60_000));
    await writer.update(caller, eventId, payloadWith(55000), 'edit', new Date(START + 41 * 60_000));
    const res = await get(`/v1/events/${eventId}/tickets/${ticketId}/price-history`);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual([
      { createdAt: new Date(START + 41 * 60_000).toISOString(), oldPrice: 60000, newPrice: 55000 },
      { createdAt: new Date(START + 40 * 60_000).toISOString(), oldPrice: 50000, newPrice: 60000 },
    ]);
    expect((await get(`/v1/events/${eventId}/tickets/${freeTicket}/price-history`)).body.data.result).toEqual([]);
  });
});

describe('ownership', () => {
  const urls = () => [
    `/v1/transactions/event/${eventId}/summary`,
    `/v1/transactions/event/${eventId}`,
    `/v1/transactions/event/${eventId}/export?format=csv`,
    `/v1/events/${eventId}/tickets/${ticketId}/price-history`,
  ];
  it("answers 404 to another organizer, for unknown ids and for a ticket of another event", async () => {
    for (const url of urls()) {
      expect((await get(url, org2)).status, url).toBe(404);
      expect((await get(url, admin)).status, url).toBe(200);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(`/v1/transactions/event/${id}/summary`)).status).toBe(404);
      expect((await get(`/v1/transactions/event/${id}`)).status).toBe(404);
      expect((await get(`/v1/events/${eventId}/tickets/${id}/price-history`)).status).toBe(404);
    }
    const other = await createEvent(t.database.db, creatorId, simpleEvent('Lain', { days: 5 }));
    const otherTicket = await t.database.db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, other) });
    expect((await get(`/v1/events/${eventId}/tickets/${otherTicket!.id}/price-history`)).status).toBe(404);
  });
});
