import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_TWIBBON_TEXT, wibDay, wibInstant } from '@eo/contract';
import { eq } from 'drizzle-orm';
import { events } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent, type FixtureEvent } from '../../../test/fixtures.js';
import { MAKER_ENTRY, makerAssets, makerPage } from './maker-page.js';
import { PublicTwibbonService } from './public-twibbon.service.js';

let t: TestApp;
let org1: string;
let org2: string;
let eventId: string;

/** A twibbon whose caption, guide and name carry markup an organizer might type. */
const withTwibbon = (e: FixtureEvent, customKey: string, extra: Record<string, unknown> = {}): FixtureEvent => ({
  ...e,
  payload: {
    ...e.payload,
    twibbonRequired: true,
    twibbon: { customKey, templateUrl: '/files/frame.png', caption: 'Ikut <b>lomba</b> & "menang"! #EsaiKita', guide: ['Pilih <script>foto</script>', 'Unduh'], ...extra },
  } as FixtureEvent['payload'],
});

beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp({ PUBLIC_URL: 'https://eo.contoh.id' }));
  const db = t.database.db;
  const owner = await db.query.users.findFirst({ where: (u, { eq: equal }) => equal(u.email, 'organizer@demo.id') });
  eventId = await createEvent(db, owner!.id, withTwibbon(simpleEvent('Lomba <Esai> & "Puisi"', { days: 20 }), 'Esai_2027'));
  await createEvent(db, owner!.id, withTwibbon(simpleEvent('Draf', { days: 20, draft: true }), 'draf-key'));
  await createEvent(db, owner!.id, { ...withTwibbon(simpleEvent('Menunggu', { days: 20 }), 'pending-key'), approved: false });
  const deleted = await createEvent(db, owner!.id, withTwibbon(simpleEvent('Dihapus', { days: 20 }), 'deleted-key'));
  await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deleted));
});
afterAll(() => t.close());

const get = (key: string) => call(t.app, { method: 'GET', url: `/v1/public/twibbons/${key}` });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const use = (key: string, remoteAddress?: string) => t.app.inject({ method: 'POST', url: `/v1/public/twibbons/${key}/uses`, ...(remoteAddress ? { remoteAddress } : {}) });
const window = (from: string, to: string) => `startTime=${wibInstant(from).toISOString()}&endTime=${wibInstant(to, '23:59').toISOString()}`;
const series = (from: string, to: string, token = org1) =>
  call(t.app, { method: 'GET', url: `/v1/event-regist/${eventId}/insight/twibbon?${window(from, to)}`, token });

describe('GET /v1/public/twibbons/:customKey', () => {
  it('answers the frame, caption, guide and event of a published, approved event, in any letter case of the key', async () => {
    const res = await get('esai_2027');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { result: {
      templateUrl: '/files/frame.png', caption: 'Ikut <b>lomba</b> & "menang"! #EsaiKita', guide: ['Pilih <script>foto</script>', 'Unduh'],
      eventId, eventName: 'Lomba <Esai> & "Puisi"',
    } } });
  });

  it('404 for an unknown key and for a draft, pending or deleted event; no token needed', async () => {
    for (const key of ['tidak-ada', 'draf-key', 'pending-key', 'deleted-key']) {
      expect((await get(key)).status, key).toBe(404);
      expect((await use(key)).statusCode, key).toBe(404);
      const page = await t.app.inject({ method: 'GET', url: `/t/${key}` });
      expect(page.statusCode, key).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<title>${PUBLIC_TWIBBON_TEXT.notFoundTitle} · EO Dashboard</title>`);
    }
  });
});

describe('POST /v1/public/twibbons/:customKey/uses', () => {
  it('counts each download on its WIB day, shown in the organizer\'s Insight as Twibbon', async () => {
    const service = new PublicTwibbonService(t.database.db, t.config.publicUrl, 'secret');
    const visitor = (n: number) => ({ ip: `203.0.113.${n}`, userAgent: BROWSER });
    // 23:30 WIB on the 10th is the 10th; 00:30 WIB on the 11th is 17:30 UTC on the 10th.
    await service.countUse('Esai_2027', visitor(1), wibInstant('2025-03-10', '23:30'));
    await service.countUse('ESAI_2027', visitor(2), wibInstant('2025-03-10', '23:30'));
    await service.countUse('esai_2027', visitor(1), wibInstant('2025-03-11', '00:30'));
    const res = await series('2025-03-09', '2025-03-12');
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual([
      { time: '2025-03-09', count: 0, name: 'Twibbon' }, { time: '2025-03-10', count: 2, name: 'Twibbon' },
      { time: '2025-03-11', count: 1, name: 'Twibbon' }, { time: '2025-03-12', count: 0, name: 'Twibbon' },
    ]);
    // The views of the same days are their own counter.
    const views = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/views?${window('2025-03-10', '2025-03-11')}`, token: org1 });
    expect(views.body.data.result.map((p: { count: number }) => p.count)).toEqual([0, 0]);
  });

  it('answers 204 with no body, and concurrent downloads are all counted', async () => {
    const today = wibDay(new Date());
    const before = (await series(today, today)).body.data.result[0].count;
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => use('Esai_2027', `198.51.100.${i + 1}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(204));
    expect(results[0].body).toBe('');
    expect((await series(today, today)).body.data.result[0].count).toBe(before + 25);
  });

  it('counts one download per visitor a day, as the page views are counted, and none by a bot', async () => {
    const service = new PublicTwibbonService(t.database.db, t.config.publicUrl, 'secret');
    const at = wibInstant('2025-04-01', '10:00');
    for (let i = 0; i < 20; i++) await service.countUse('Esai_2027', { ip: '203.0.113.9', userAgent: BROWSER }, at);
    await service.countUse('Esai_2027', { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131' }, at);
    await service.countUse('Esai_2027', { ip: '203.0.113.10', userAgent: BROWSER }, at);
    await service.countUse('Esai_2027', { ip: '203.0.113.11', userAgent: 'WhatsApp/2.24' }, at);
    await service.countUse('Esai_2027', { ip: '203.0.113.12', userAgent: undefined }, at);
    await service.countUse('Esai_2027', { ip: '203.0.113.9', userAgent: BROWSER }, wibInstant('2025-04-02', '08:00'));
    expect((await series('2025-04-01', '2025-04-02')).body.data.result.map((p: { count: number }) => p.count)).toEqual([3, 1]);
    // Over HTTP too: one address posting again and again is one download.
    const today = wibDay(new Date());
    const before = (await series(today, today)).body.data.result[0].count;
    for (let i = 0; i < 5; i++) expect((await use('Esai_2027', '198.51.100.200')).statusCode).toBe(204);
    expect((await series(today, today)).body.data.result[0].count).toBe(before + 1);
  });

  it("the series is the organizer's own: another organizer gets 404", async () => {
    expect((await series('2025-03-10', '2025-03-11', org2)).status).toBe(404);
  });
});

describe('GET /t/:customKey', () => {
  it('renders the maker with the event name in the title and Open Graph tags, every typed text escaped', async () => {
    // The Host header is the client's to choose: the addresses printed are on the configured public URL.
    const res = await t.app.inject({ method: 'GET', url: '/t/Esai_2027', headers: { host: 'penyerang.contoh' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Lomba &#60;Esai&#62; &#38; &#34;Puisi&#34; · Twibbon · EO Dashboard</title>');
    expect(html).toContain('<meta property="og:title" content="Lomba &#60;Esai&#62; &#38; &#34;Puisi&#34; · Twibbon">');
    expect(html).toContain('<meta property="og:image" content="https://eo.contoh.id/files/frame.png">');
    expect(html).toContain('<meta property="og:url" content="https://eo.contoh.id/t/Esai_2027">');
    expect(html).not.toContain('penyerang');
    expect(html).toContain('Ikut &#60;b&#62;lomba&#60;/b&#62; &#38; &#34;menang&#34;! #EsaiKita');
    expect(html).toContain('<li>Pilih &#60;script&#62;foto&#60;/script&#62;</li>');
    expect(html).not.toMatch(/<b>lomba|<script>foto|<Esai>/);
    // The controls are labelled; the photo is read by the page, never posted.
    for (const id of ['tw-photo', 'tw-zoom']) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain(PUBLIC_TWIBBON_TEXT.copyCaption);
    expect(html).not.toContain('<form');
  });
});

describe('the maker page\'s script', () => {
  it('is the web build\'s own entry for the maker, found in its manifest; none without a build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'eo-maker-'));
    try {
      expect(makerAssets(dist)).toEqual({ css: [] });
      mkdirSync(path.join(dist, '.vite'));
      writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({
        'index.html': { file: 'assets/index-abc.js', isEntry: true },
        [MAKER_ENTRY]: { file: 'assets/twibbon-xyz.js', isEntry: true },
      }));
      const assets = makerAssets(dist);
      expect(assets).toEqual({ script: '/assets/twibbon-xyz.js', css: [] });
      const html = makerPage({
        customKey: 'k', templateUrl: 'https://cdn.contoh.id/f.png', posterUrl: null, caption: null, guide: [], eventId: 'e', eventName: 'E',
        pageUrl: 'https://eo.contoh.id/t/k', imageUrl: 'https://cdn.contoh.id/f.png',
      }, assets, 'EO Dashboard');
      expect(html).toContain('<script type="module" src="/assets/twibbon-xyz.js"></script>');
      expect(html).not.toContain('index-abc');
      // The frame downloads beside the script, in the CORS mode the script asks it in.
      expect(html).toContain('<link rel="preload" as="image" href="https://cdn.contoh.id/f.png" crossorigin="anonymous">');
      expect(html).toContain('<meta property="og:image" content="https://cdn.contoh.id/f.png">');
      // No caption, no guide: neither section nor its button.
      expect(html).not.toContain('tw-copy');
      expect(html).not.toContain('<ol>');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
