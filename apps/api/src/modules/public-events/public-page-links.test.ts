import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_STORE_URL, fill, PUBLIC_FORM_TEXT, PUBLIC_PAGE_MSG as M, PUBLIC_TWIBBON_TEXT } from '@eo/contract';
import { escapeHtml } from '../../lib/public-html.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, registerMany, simpleEvent, type FixtureEvent } from '../../../test/fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];

const SITE = 'Tiket <Pelajar> & Co';
const SITE_HTML = 'Tiket &#60;Pelajar&#62; &#38; Co';
const withTwibbon = (e: FixtureEvent, customKey: string): FixtureEvent => ({
  ...e,
  payload: { ...e.payload, twibbonRequired: true, twibbon: { customKey, templateUrl: '/files/frame.png', caption: 'Ayo ikut!', guide: ['Unduh'] } } as FixtureEvent['payload'],
});
const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const ticketCodeOf = async (eventId: string, prefix: string) => (await registerMany(t.database.db, eventId, 1, new Date(), prefix))[0]!.ticketCode;
/** The card's section: from its heading to the end of the section. */
const cardOf = (html: string) => html.slice(html.indexOf('<section class="reg'), html.indexOf('</section>', html.indexOf('<section class="reg')));

beforeAll(async () => {
  ({ t, ids } = await createTeamApp({ PUBLIC_URL: 'https://eo.example.id', PUBLIC_SITE_NAME: SITE }));
});
afterAll(() => t.close());

describe('PUBLIC_SITE_NAME on the public pages', () => {
  it('names the event page (title, og:site_name, its 404), the e-ticket and the twibbon maker, escaped', async () => {
    const id = await createEvent(t.database.db, ids.org1, withTwibbon(simpleEvent('Seminar Nama', { days: 10 }), 'nama-situs'));
    const html = await page(`/e/${id}`);
    expect(html).toContain(`<title>Seminar Nama · ${SITE_HTML}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="${SITE_HTML}">`);
    expect(html).not.toContain('EO Dashboard');
    expect(await page('/e/00000000-0000-4000-8000-000000000000')).toContain(`<title>${M.notFoundTitle} · ${SITE_HTML}</title>`);
    const code = await ticketCodeOf(id, 'nama');
    expect(await page(`/e/${id}/ticket/${code}`)).toContain(`· ${SITE_HTML}</title>`);
    const maker = await page('/t/nama-situs');
    expect(maker).toContain(`<meta property="og:site_name" content="${SITE_HTML}">`);
    expect(maker).toContain(`${PUBLIC_TWIBBON_TEXT.titleSuffix} · ${SITE_HTML}</title>`);
  });
});

describe('the twibbon maker linked from the event page and the e-ticket', () => {
  it('is linked when the event has a twibbon, and not otherwise', async () => {
    const db = t.database.db;
    const withOne = await createEvent(db, ids.org1, withTwibbon(simpleEvent('Dengan Twibbon', { days: 10 }), 'Ada_Twibbon'));
    const without = await createEvent(db, ids.org1, simpleEvent('Tanpa Twibbon', { days: 10 }));
    const link = `<a class="cta alt" href="/t/Ada_Twibbon">${PUBLIC_TWIBBON_TEXT.heading}</a>`;
    expect(await page(`/e/${withOne}`)).toContain(link);
    expect(await page(`/e/${withOne}/ticket/${await ticketCodeOf(withOne, 'ada')}`)).toContain(link);
    for (const html of [await page(`/e/${without}`), await page(`/e/${without}/ticket/${await ticketCodeOf(without, 'tanpa')}`)]) {
      expect(html).not.toContain('href="/t/');
      expect(html).not.toContain(PUBLIC_TWIBBON_TEXT.heading);
    }
  });
});

describe('the event page layout', () => {
  it('one free ticket: the card says Gratis and its Daftar chooses the ticket in the form; the description comes before the form', async () => {
    const id = await createEvent(t.database.db, ids.org1, simpleEvent('Kartu Daftar', { days: 10 }));
    const ticket = (await call(t.app, { method: 'GET', url: `/v1/public/events/${id}` })).body.data.result.tickets[0];
    const html = await page(`/e/${id}`);
    const card = cardOf(html);
    expect(card).toContain('class="reg bar"');
    expect(card).toContain(`<li><span class="name">${ticket.name}</span><span>${M.free}</span><span class="ok">${M.available}</span></li>`);
    expect(card).toContain(`<a class="cta" href="#daftar-${ticket.id}">${M.register}</a>`);
    // The ticket's own button is named for it: the card's is the page's one "Daftar".
    expect(html).toContain(`aria-label="${fill(M.registerTicket, { ticket: ticket.name })}">${M.register}</a>`);
    expect(html.match(/>Daftar<\/a>/g)).toHaveLength(2);
    // Title and date before the card, the card before the description, the description before the form.
    const at = (s: string) => { const i = html.indexOf(s); expect(i, s).toBeGreaterThan(-1); return i; };
    expect(at('<h1>Kartu Daftar</h1>')).toBeLessThan(at('<section class="reg'));
    expect(at(`<dt>${M.dates}</dt>`)).toBeLessThan(at('<section class="reg'));
    expect(at('<section class="reg')).toBeLessThan(at(`<h2>${M.description}</h2>`));
    expect(at(`<h2>${M.description}</h2>`)).toBeLessThan(at(PUBLIC_FORM_TEXT.heading));
  });

  it('paid tickets: the cheapest price and the app; nothing on sale: no button and no bar', async () => {
    const db = t.database.db;
    const paid = await createEvent(db, ids.org1, simpleEvent('Berbayar', { days: 10, price: 75_000 }));
    const card = cardOf(await page(`/e/${paid}`));
    expect(card).toContain('<p class="from">Rp75.000,00</p>');
    expect(card).toContain(`<a class="cta" href="${escapeHtml(APP_STORE_URL)}" rel="noopener">${M.buyInApp}</a>`);
    const full = await createEvent(db, ids.org1, simpleEvent('Penuh', { days: 10, quota: 1 }));
    await registerMany(db, full, 1, new Date(), 'penuh');
    const closed = cardOf(await page(`/e/${full}`));
    expect(closed).toContain('<section class="reg"');
    expect(closed).toContain(`<span class="no">${M.soldOut}</span>`);
    expect(closed).toContain(`<p class="from">${M.registrationClosed}</p>`);
    expect(closed).not.toContain('<a ');
  });
});
