import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_TEXT, embedTicketPath, eTicketPath } from '@eo/contract';
import { escapeHtml } from '../../lib/public-html.js';
import { tickets } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { EMBED_FRAME_ENTRY, REGISTER_ENTRY } from './public-events.service.js';

let t: TestApp;
let web: string;
let eventId: string;
let otherEventId: string;
beforeAll(async () => {
  // A web build's manifest naming the two scripts the frame loads.
  web = mkdtempSync(path.join(tmpdir(), 'eo-web-embed-'));
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>EO</title>');
  writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify({
    [REGISTER_ENTRY]: { file: 'assets/register-1.js' }, [EMBED_FRAME_ENTRY]: { file: 'assets/embedFrame-2.js' },
  }));
  const team = await createTeamApp({ WEB_DIST: web });
  t = team.t;
  eventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Kelas <Menulis> Gratis', { days: 9, quota: 10 }));
  otherEventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Event Lain', { days: 9, quota: 10 }));
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

/** A CSP header's directives (plugins/csp.test.ts checks the whole policy). */
const parseCsp = (header: string) => new Map(header.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
/** Script tags without a source, or with a body: what the CSP would block. */
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!) || m[2]!.trim());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/140' } });

describe('the embedded registration form', () => {
  it('is the event page’s form alone, under the event’s name, with its script and the frame’s; any site may frame it', async () => {
    const res = await page(`/e/${eventId}/embed`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(parseCsp(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual(['*']);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const html = res.body;
    expect(html).toContain(`<h1 class="embed-title">${escapeHtml('Kelas <Menulis> Gratis')}</h1>`);
    expect(html).toMatch(/<form id="reg-form" data-event="[^"]+" data-embed="1"/);
    for (const field of ['reg-name', 'reg-email', 'reg-phone', 'reg-edu', 'reg-gender']) expect(html).toContain(`id="${field}"`);
    expect(html).toContain('<script type="module" src="/assets/register-1.js"></script>');
    expect(html).toContain('<script type="module" src="/assets/embedFrame-2.js"></script>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The page around the form stays on the event page: no poster and details, no resend form.
    expect(html).not.toContain('ev-hero');
    expect(html).not.toContain('resend-form');
    expect(html).toContain(`href="/e/${eventId}" target="_blank" rel="noopener">${EMBED_TEXT.eventPage}`);
    expect(inlineScripts(html)).toEqual([]);
    // The event page itself keeps its form without the embed mark, and may not be framed.
    const full = await page(`/e/${eventId}`);
    expect(full.body).toMatch(/<form id="reg-form" data-event="[^"]+" data-submit/);
    expect(parseCsp(String(full.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('is a 404 page for an unknown event', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bukan-uuid']) expect((await page(`/e/${id}/embed`)).statusCode).toBe(404);
  });

  it('shows the e-ticket after registering: QR code and details, the full e-ticket a tab away, no form acting on the registration', async () => {
    const ticket = await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) });
    const body = { ticketId: ticket!.id, participant: { name: 'Dewi', email: 'dewi@contoh.id', phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Perempuan' } };
    const reg = await call(t.app, { method: 'POST', url: `/v1/public/events/${eventId}/registrations`, payload: await withAltcha(t.app, body) });
    expect(reg.status).toBe(201);
    const code = reg.body.data.result.ticketCode as string;
    const res = await page(`${embedTicketPath(eventId, code)}?baru=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(parseCsp(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual(['*']);
    const html = res.body;
    expect(html).toContain('<svg');
    expect(html).toContain(code);
    expect(html).toContain(`href="${eTicketPath(eventId, code)}" target="_blank" rel="noopener">${EMBED_TEXT.fullTicket}`);
    expect(html).toContain('<script type="module" src="/assets/embedFrame-2.js"></script>');
    expect(html).not.toContain('id="batal"');
    expect(html).not.toContain('<form');
    expect(inlineScripts(html)).toEqual([]);
    // The full e-ticket (with its cancel form) still may not be framed.
    const full = await page(eTicketPath(eventId, code));
    expect(full.body).toContain('id="batal"');
    expect(parseCsp(String(full.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'none'"]);
    // Another event's address, or an unknown code: 404.
    expect((await page(embedTicketPath(otherEventId, code))).statusCode).toBe(404);
    expect((await page(embedTicketPath(eventId, 'AAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404);
  });
});
