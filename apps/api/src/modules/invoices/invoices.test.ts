import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { InvoiceLinks, invoicePath } from './invoice-link.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;
let eventId: string;
let paid: string;
let refunded: string;

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1, org2, admin } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Keuangan Muda', { days: 10, price: 75000 }));
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) });
  const platform = new PlatformService(db);
  paid = (await platform.register(eventId, {
    ticketId: ticket!.id, quantity: 2, discountCode: 'PELAJAR', discountAmount: 15000,
    participant: { name: 'Dewi Lestari 😀', email: 'dewi@contoh.id', phoneNumber: '081298765432' },
  })).transactionId!;
  refunded = (await platform.register(eventId, { ticketId: ticket!.id, participant: { name: 'Raka', email: 'raka@contoh.id' } })).transactionId!;
  await platform.refund(refunded);
});
afterAll(() => t.close());

/** The signed link exactly as the transaction list hands it out. */
async function listedLink(transactionId: string) {
  const res = await call(t.app, { method: 'GET', url: `/v1/transactions/event/${eventId}?limit=100`, token: org1 });
  return res.body.data.docs.find((d: any) => d.transactionId === transactionId).invoiceUrl as string;
}

const open = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /v1/doc/event/invoice-{transactionId}.pdf', () => {
  it('opens from the signed link without a token: an inline PDF naming the buyer', async () => {
    const res = await open(await listedLink(paid));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-INV-\d{8}-[0-9A-F]{8}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toMatch(/^Invoice INV-/);
    expect(pdf.getAuthor()).toBe('EO Dashboard');
    // Full text in the metadata, even what the standard font cannot draw.
    expect(pdf.getSubject()).toBe('Seminar Keuangan Muda - Dewi Lestari 😀 <dewi@contoh.id>');
    expect(pdf.getKeywords()).toContain('PAID');
  });

  it('stamps a refunded invoice', async () => {
    const res = await open(await listedLink(refunded));
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getSubject()).toContain('Raka');
    expect(pdf.getKeywords()).toContain('REFUND');
  });

  it('refuses a tampered or expired link (403), and no link nor token (401)', async () => {
    const link = await listedLink(paid);
    const url = new URL(link, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await open(`${invoicePath(paid)}?exp=${exp}&sig=${flipped}`)).statusCode).toBe(403);
    expect((await open(`${invoicePath(paid)}?exp=${exp + 3600}&sig=${sig}`)).statusCode).toBe(403);
    // The signature of one transaction does not open another.
    expect((await open(`${invoicePath(refunded)}?exp=${exp}&sig=${sig}`)).statusCode).toBe(403);
    expect((await open(`${invoicePath(paid)}?exp=${exp}`)).statusCode).toBe(403);
    const expired = new InvoiceLinks(t.config.jwtSecret).url(paid, Date.now() - 2 * 3600_000);
    expect((await open(expired)).statusCode).toBe(403);
    expect((await open(invoicePath(paid))).statusCode).toBe(401);
    const res = await call(t.app, { method: 'GET', url: `${invoicePath(paid)}?exp=${exp}&sig=${flipped}` });
    expect(res.body.message).toBe('Invoice link is invalid or has expired');
  });

  it('a link signed with another secret is refused', async () => {
    const foreign = new InvoiceLinks('another-secret-that-is-long-enough-0123456789').url(paid);
    expect((await open(foreign)).statusCode).toBe(403);
  });

  it("opens with the owner's token; another organizer gets 404; a globalAdmin may", async () => {
    expect((await open(invoicePath(paid), org1)).statusCode).toBe(200);
    expect((await open(invoicePath(paid), org2)).statusCode).toBe(404);
    expect((await open(invoicePath(paid), admin)).statusCode).toBe(200);
    expect((await open(invoicePath(paid), 'not-a-token')).statusCode).toBe(401);
  });

  it('answers 404 for unknown transactions and malformed names', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await open(new InvoiceLinks(t.config.jwtSecret).url(unknown))).statusCode).toBe(404);
    expect((await open('/v1/doc/event/invoice-nope.pdf', org1)).statusCode).toBe(404);
    expect((await open(`/v1/doc/event/receipt-${paid}.pdf`, org1)).statusCode).toBe(404);
  });
});

describe('InvoiceLinks', () => {
  const links = new InvoiceLinks('s'.repeat(40));
  const id = '11111111-1111-4111-8111-111111111111';
  it('verifies its own links until they expire', () => {
    const now = 1_800_000_000_000 + 17_250; // 17.25 s into a minute
    const url = new URL(links.url(id, now), 'http://x');
    const [exp, sig] = [url.searchParams.get('exp')!, url.searchParams.get('sig')!];
    // An hour, rounded up to the minute.
    expect(Number(exp)).toBe(1_800_000_000 + 3600 + 60);
    expect(links.verify(id, exp, sig, now)).toBe(true);
    expect(links.verify(id, exp, sig, now + 3600_000)).toBe(true);
    expect(links.verify(id, exp, sig, (Number(exp) + 1) * 1000)).toBe(false);
    expect(links.verify(id, exp, `${sig}x`, now)).toBe(false);
    expect(links.verify(id, '1e9', sig, now)).toBe(false);
    expect(links.verify(id, undefined, sig, now)).toBe(false);
  });

  it('hands out one link per transaction a minute, at least an hour long, each signed for its own', () => {
    const minute = 1_800_000_000_000;
    // The seconds 1 to 60 of a minute share an expiry (1 h after the minute's end).
    const first = links.url(id, minute + 1_000);
    expect(links.url(id, minute + 60_999)).toBe(first);
    const next = links.url(id, minute + 61_000);
    expect(next).not.toBe(first);
    const other = '22222222-2222-4222-8222-222222222222';
    const [, sigOther] = links.url(other, minute + 1).split('sig=');
    expect(sigOther).not.toBe(first.split('sig=')[1]);
    for (const at of [minute, minute + 1, minute + 1_000, minute + 30_000, minute + 59_999, minute + 60_999]) {
      const exp = Number(new URL(links.url(id, at), 'http://x').searchParams.get('exp'));
      expect(exp * 1000 - at).toBeGreaterThanOrEqual(3600_000 - 999);
      expect(exp * 1000 - at).toBeLessThanOrEqual(3660_000);
    }
    // A link still cached verifies like a fresh one, and a fresh signer agrees with it.
    const url = new URL(links.url(id, minute + 2), 'http://x');
    expect(new InvoiceLinks('s'.repeat(40)).verify(id, url.searchParams.get('exp')!, url.searchParams.get('sig')!, minute + 2)).toBe(true);
  });
});
