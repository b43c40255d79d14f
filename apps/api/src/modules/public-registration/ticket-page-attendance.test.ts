import { describe, expect, it } from 'vitest';
import { ATTENDANCE_TEXT, CANCEL_TEXT, type ETicket } from '@eo/contract';
import { ticketPage } from './ticket-page.js';

/** The e-ticket page of an online event carries the attendance form, or the time of attendance. */
const ticket = (over: Partial<ETicket> = {}, experience = 'online'): ETicket => ({
  ticketCode: 'Kode_Tiket-1234567890ab', status: 'confirmed', checkedInAt: null, cancellable: false, cancelUntil: null,
  participant: { name: 'Sari' }, category: { id: 't1', name: 'Umum' },
  event: { id: 'e1', name: 'Webinar', startAt: null, endAt: null, dates: [{ date: '2026-12-01', startHour: '09:00', endHour: '11:00' }], experience, location: null, streamLink: null },
  sessions: [], attendanceSessionId: null,
  ...over,
});
const links = { calendar: '/c.ics', event: '/e/e1' };
const assets = { script: '/assets/attendance-x.js', css: [] };

describe('the e-ticket page\'s attendance', () => {
  it('an online event: the labelled form with the ticket code for the script, and the script', async () => {
    const html = await ticketPage(ticket(), links, { assets, siteName: 'EO Dashboard' });
    expect(html).toContain('<form class="card" id="presensi" data-ticket="Kode_Tiket-1234567890ab"');
    expect(html).toContain(`<label for="presensi-kode">${ATTENDANCE_TEXT.code}</label><input id="presensi-kode"`);
    expect(html).toContain('<script type="module" src="/assets/attendance-x.js"></script>');
  });

  it('attended: the time in WIB instead of the form, and no script', async () => {
    const html = await ticketPage(ticket({ checkedInAt: '2026-12-01T02:15:00.000Z' }), links, { assets, siteName: 'EO Dashboard' });
    expect(html).not.toContain('id="presensi"');
    expect(html).toMatch(/Tercatat hadir .*09\.15 WIB|Tercatat hadir .*09:15 WIB/);
    expect(html).not.toContain('<script');
  });

  it('none for an event at a place, nor for a refunded ticket', async () => {
    for (const t of [ticket({}, 'offline'), ticket({ status: 'refunded' })]) {
      const html = await ticketPage(t, links, { assets, siteName: 'EO Dashboard' });
      expect(html).not.toContain('presensi');
      expect(html).not.toContain('<script');
    }
  });
});

describe('the e-ticket page\'s sessions', () => {
  it('each session with its time and the holder\'s mark, the mark and its dot kept on one line', async () => {
    const sessions = [
      { id: 's1', name: 'Pembukaan', startsAt: '2026-12-01T02:00:00.000Z', endsAt: '2026-12-01T03:00:00.000Z', attendedAt: '2026-12-01T02:05:00.000Z' },
      { id: 's2', name: 'Lokakarya', startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T05:00:00.000Z', attendedAt: null },
    ];
    const html = await ticketPage(ticket({ sessions }, 'offline'), links, { assets, siteName: 'EO Dashboard' });
    expect(html).toContain(`<section class="card" id="sesi"><h2>${ATTENDANCE_TEXT.sessions}</h2>`);
    expect(html).toContain(`<span class="mark">· <span class="status ok">${ATTENDANCE_TEXT.attended}</span></span>`);
    expect(html).toContain(`<span class="mark">· <span class="muted">${ATTENDANCE_TEXT.notAttended}</span></span>`);
    expect(html).toContain('.sessions .mark{white-space:nowrap}');
  });
});

describe('the e-ticket page\'s cancellation', () => {
  it('while cancellable: folded, with the deadline in WIB, the email field and the script', async () => {
    const html = await ticketPage(ticket({ cancellable: true, cancelUntil: '2026-11-30T10:00:00.000Z' }, 'offline'), links, { assets, siteName: 'EO Dashboard' });
    expect(html).toContain(`<details class="card" id="batal-box"><summary>${CANCEL_TEXT.title}</summary>`);
    expect(html).toContain('<form id="batal" data-ticket="Kode_Tiket-1234567890ab" novalidate>');
    expect(html).toContain(`<label for="batal-email">${CANCEL_TEXT.email}</label>`);
    expect(html).toMatch(/30 November 2026, 17[.:]00 WIB/);
    expect(html).toContain('<script type="module" src="/assets/attendance-x.js"></script>');
  });

  it('none when it may not be cancelled (the server says so), and then no script for an event at a place', async () => {
    const html = await ticketPage(ticket({ cancellable: false }, 'offline'), links, { assets, siteName: 'EO Dashboard' });
    expect(html).not.toContain('batal');
    expect(html).not.toContain('<script');
  });
});
