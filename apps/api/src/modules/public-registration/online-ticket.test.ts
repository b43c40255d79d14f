import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETICKET_TEXT, MAIL_MSG } from '@eo/contract';
import { registrants } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { ticketMail } from '../platform/ticket-mail.js';

/**
 * An online event's way in: its link to join on the e-ticket (API and calendar file) and in the
 * e-ticket mail, for a confirmed ticket only, with the online event's wording instead of the
 * door's; an event at a place says where and when instead.
 */
const JOIN = 'https://meet.example.org/esai';
let t: TestApp;
let online: string;
let offline: string;
let platform: PlatformService;

beforeAll(async () => {
  const team = await createTeamApp({ JOB_WORKERS: '1' });
  t = team.t;
  const { db } = t.database;
  online = await createEvent(db, team.ids.org1, simpleEvent('Webinar Menulis', { days: 10 }));
  const atAPlace = simpleEvent('Workshop Menulis', { days: 10 });
  atAPlace.payload = { ...atAPlace.payload, experience: 'offline', location: 'Aula Perpustakaan, Jl. Merdeka 1, Bandung', eventStreamLink: null, eventStreamQuestion: false };
  offline = await createEvent(db, team.ids.org1, atAPlace);
  platform = new PlatformService(db);
}, 60_000);
afterAll(() => t?.close());

async function register(eventId: string, email: string) {
  const ticket = await t.database.db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, eventId) });
  const { ticketCode, registrantId } = await platform.register(eventId, { ticketId: ticket!.id, participant: { name: 'Peserta Daring', email, lastEducation: 'S1', gender: 'Perempuan' } });
  await settleJobs(t.database.db);
  const [mail] = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(email));
  return { ticketCode: ticketCode!, registrantId, mail: mail! };
}

describe('an online event', () => {
  it('the e-ticket mail says when, that it is online, and gives the link to join instead of the door', async () => {
    const { mail } = await register(online, 'daring@contoh.id');
    expect(mail.text).toMatch(/Waktu: \d+ \w+ \d{4}, 09:00–12:00 WIB/);
    expect(mail.text).toContain(`Tempat: ${MAIL_MSG.ticketOnline}`);
    expect(mail.text).toContain(`Link untuk bergabung: ${JOIN}`);
    expect(mail.text).toContain(MAIL_MSG.ticketOnlineNote);
    expect(mail.text).not.toContain(MAIL_MSG.ticketQr);
    // The HTML part: the link to join is a link there too, and a link that is no http(s) is none.
    const built = (streamLink: string) => ticketMail({
      to: 'x@contoh.id', name: 'X', eventId: online, eventName: 'Webinar', category: 'Umum', ticketCode: 'k', publicUrl: t.config.publicUrl,
      dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }], online: true, location: null, streamLink,
    });
    expect((await built(JOIN)).html).toContain(`<a href="${JOIN}">`);
    const unsafe = await built('javascript:alert(1)');
    expect(unsafe.html).not.toContain('javascript:');
    expect(unsafe.text).toContain(MAIL_MSG.ticketOnlineNoLink);
  });

  it('the e-ticket and its calendar file carry the link while the ticket holds, and not once refunded', async () => {
    const { ticketCode, registrantId } = await register(online, 'daring-dua@contoh.id');
    const ticket = async () => (await call(t.app, { method: 'GET', url: `/v1/public/tickets/${ticketCode}` })).body.data.result;
    expect((await ticket()).event.streamLink).toBe(JOIN);
    const ics = (await t.app.inject({ method: 'GET', url: `/e/${online}/ticket/${ticketCode}/calendar.ics` })).body;
    expect(ics).toContain(`LOCATION:${JOIN}`);
    expect(ics.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${JOIN}\\n`);

    const page = (await t.app.inject({ method: 'GET', url: `/e/${online}/ticket/${ticketCode}` })).body;
    expect(page).toContain(ETICKET_TEXT.introOnline);
    expect(page).not.toContain(ETICKET_TEXT.intro);
    expect(page).toContain(`href="${JOIN}"`);

    await t.database.db.update(registrants).set({ status: 'refunded', cancelledAt: new Date() }).where(eq(registrants.id, registrantId));
    expect((await ticket()).event.streamLink).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/e/${online}/ticket/${ticketCode}` })).body).not.toContain(JOIN);
  });
});

describe('an event at a place', () => {
  it('the mail says where and when, and to show the QR at the door; no link to join anywhere', async () => {
    const { mail, ticketCode } = await register(offline, 'luring@contoh.id');
    expect(mail.text).toContain('Tempat: Aula Perpustakaan, Jl. Merdeka 1, Bandung');
    expect(mail.text).toMatch(/Waktu: \d+ \w+ \d{4}, 09:00–12:00 WIB/);
    expect(mail.text).toContain(MAIL_MSG.ticketQr);
    expect(mail.text).not.toContain('Link untuk bergabung');
    expect((await call(t.app, { method: 'GET', url: `/v1/public/tickets/${ticketCode}` })).body.data.result.event.streamLink).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/e/${offline}/ticket/${ticketCode}` })).body).toContain(ETICKET_TEXT.intro);
  });
});
