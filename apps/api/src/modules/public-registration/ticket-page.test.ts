import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ETICKET_TEXT } from '@eo/contract';
import { registrants } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { ticketCalendar } from './ticket-calendar.js';
import { qrSvg } from './ticket-page.js';
import { withAltcha } from '../../../test/proof-of-work.js';

/** The e-ticket's page and its calendar file, linked from the e-ticket mail. */
let t: TestApp;
let eventId: string;
let otherEventId: string;
let code: string;
const NAME = 'Sari <script>alert(1)</script> "Dewi"';

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  eventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Seminar, Musik; & <b>Tari</b>', { days: 10, quota: 5 }));
  otherEventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Seminar Lain', { days: 10, quota: 5 }));
  const ticket = await t.database.db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) });
  const res = await call(t.app, {
    method: 'POST', url: `/v1/public/events/${eventId}/registrations`, remoteAddress: '198.51.100.9',
    payload: await withAltcha(t.app, { ticketId: ticket!.id, participant: { name: NAME, email: 'sari.tiket@contoh.id', phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' } }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  code = res.body.data.result.ticketCode;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.10' });

describe('GET /e/{eventId}/ticket/{ticketCode}', () => {
  it('shows the ticket with its QR code, the typed text as text, and links to the calendar and the event', async () => {
    const res = await get(`/e/${eventId}/ticket/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain(code);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('Sari &#60;script&#62;alert(1)&#60;/script&#62; &#34;Dewi&#34;');
    expect(res.body).not.toContain('<b>Tari</b>');
    expect(res.body).toContain(`href="/e/${eventId}/ticket/${code}/calendar.ics"`);
    expect(res.body).toContain(`href="/e/${eventId}"`);
    expect(res.body).toContain(`<dd class="status ok">${ETICKET_TEXT.statuses.confirmed}</dd>`);
  });

  it('a registration not confirmed: its status, no QR code and no calendar; the API says the status', async () => {
    for (const status of ['pending', 'declined', 'cancelled', 'refunded'] as const) {
      await t.database.db.update(registrants).set({ status }).where(eq(registrants.ticketCode, code));
      const page = (await get(`/e/${eventId}/ticket/${code}`)).body;
      expect(page, status).toContain(`<dd class="status ${status === 'pending' ? 'wait' : 'no'}">${ETICKET_TEXT.statuses[status]}</dd>`);
      expect(page, status).toContain(status === 'pending' ? ETICKET_TEXT.notConfirmed : ETICKET_TEXT.notValid);
      expect(page, status).not.toContain('<svg');
      expect(page, status).not.toContain('calendar.ics');
      expect((await get(`/v1/public/tickets/${code}`)).json().data.result.status).toBe(status);
    }
    await t.database.db.update(registrants).set({ status: 'confirmed' }).where(eq(registrants.ticketCode, code));
    expect((await get(`/e/${eventId}/ticket/${code}`)).body).toContain('<svg');
  });

  it('draws a code\'s QR once: the kept SVG is the one the library draws, and each code has its own', async () => {
    const { default: QRCode } = await import('qrcode');
    const drawn = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(await qrSvg(code)).toBe(drawn);
    expect(await qrSvg(code)).toBe(drawn);
    expect(await qrSvg(`${code}X`)).not.toBe(drawn);
    expect((await get(`/e/${eventId}/ticket/${code}`)).body).toContain(drawn);
  });

  it('is a 404 page for an unknown code, and for a code of another event', async () => {
    for (const url of [`/e/${eventId}/ticket/AAAAAAAAAAAAAAAAAAAAAA`, `/e/${otherEventId}/ticket/${code}`, `/e/${eventId}/ticket/%3Cx%3E`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(ETICKET_TEXT.notFoundTitle);
    }
  });
});

describe('GET /e/{eventId}/ticket/{ticketCode}/calendar.ics', () => {
  it('is an iCalendar file of the ticket\'s days with the event page\'s link', async () => {
    const res = await get(`/e/${eventId}/ticket/${code}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = res.body.replace(/\r\n /g, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('SUMMARY:Seminar\\, Musik\\; & <b>Tari</b>');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics).toContain(`/e/${eventId}/ticket/${code}`);
    expect((await get(`/e/${otherEventId}/ticket/${code}/calendar.ics`)).statusCode).toBe(404);
  });

  it('folds long lines at 75 octets and escapes line breaks', () => {
    const ics = ticketCalendar({
      ticketCode: 'kode', status: 'confirmed', checkedInAt: null, cancellable: false, cancelUntil: null, participant: { name: 'Budi' }, category: { id: 'c', name: 'Umum' },
      event: { id: 'e', name: `Festival ${'Á'.repeat(80)}\nBaris dua`, startAt: null, endAt: null, dates: [{ date: '2026-12-01', startHour: '09:00', endHour: '12:00' }], experience: 'online', location: null, streamLink: null },
      sessions: [], attendanceSessionId: null,
    }, { url: 'https://eo.contoh.id/e/e/ticket/kode', host: 'eo.contoh.id', now: new Date('2026-11-24T00:00:00Z') });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('DTSTART:20261201T020000Z');
    expect(ics).toContain('DTEND:20261201T050000Z');
    expect(ics).toContain('LOCATION:Online');
    expect(ics.replace(/\r\n /g, '')).toContain('\\nBaris dua');
  });
});
