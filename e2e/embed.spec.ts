import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { EMBED_MESSAGE_TYPE, EMBED_TEXT, PUBLIC_FORM_TEXT as F, TRACKING_LINK_TEXT as T } from '@eo/contract';
import { apiGet, apiToken, screenshot, signedIn } from './helpers';
import { decide, payload, submit } from './event-api';

/**
 * The registration form on another site (`/embed.js` on a page of another origin: a tiny HTTP
 * server on loopback, started here), and a tracking link from its making on the Integrasi page
 * to its counts in the event's Insight.
 */
let host: Server;
let hostOrigin: string;

/** The other site's page: its own text, then the embed tag as the organizer pastes it. */
function hostPage(appOrigin: string, eventId: string, ref?: string) {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Situs Komunitas</title><style>body{font-family:sans-serif;margin:0;padding:16px;background:#fafafa}main{max-width:760px;margin:0 auto}</style></head>
<body><main><h1>Situs Komunitas Literasi</h1><p>Daftar acara kami langsung di sini.</p>
<script src="${appOrigin}/embed.js" data-event="${eventId}"${ref ? ` data-ref="${ref}"` : ''}></script>
<p>Kaki halaman situs komunitas.</p></main></body></html>`;
}

test.beforeAll(async ({ baseURL }) => {
  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const eventId = url.searchParams.get('event') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage(baseURL!, eventId, url.searchParams.get('ref') ?? undefined));
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => host.close(() => done())));

async function freeEvent(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const event = await submit(request, token, payload(name));
  await decide(request, event.id, { approvedStatus: 'approved' });
  return { id: event.id, token };
}

/** The participant's fields and the organizer's radio question, as a person fills them. */
async function fillForm(form: FrameLocator | Page, name: string, email: string) {
  await form.getByLabel(F.name).fill(name);
  await form.getByLabel(F.email, { exact: true }).fill(email);
  await form.getByLabel(F.phone).fill('+6281234567890');
  await form.getByLabel(F.lastEducation).selectOption('S1');
  await form.getByRole('radio', { name: 'Perempuan' }).check();
  await form.getByRole('radio', { name: 'SMA' }).check();
}

const frameHeight = (page: Page) => page.locator('iframe').evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height);

async function participants(request: APIRequestContext, token: string, eventId: string) {
  return (await apiGet(request, `/v1/event-regist/lists?eventId=${eventId}&limit=50`, token)).data.docs as { email: string; checkedInAt: string | null }[];
}

test.describe('the embedded registration form', () => {
  test('another site shows the form through embed.js, sized to its content, and a participant registers in the frame', async ({ page, request, baseURL }) => {
    const stamp = Date.now();
    const { id, token } = await freeEvent(request, `Kelas Menulis Sematan ${stamp}`);
    await page.goto(`${hostOrigin}/?event=${id}`);
    const iframe = page.locator('iframe');
    await expect(iframe).toHaveAttribute('title', EMBED_TEXT.frameTitle);
    await expect(iframe).toHaveAttribute('src', `${baseURL}/e/${id}/embed`);
    const form = page.frameLocator('iframe');
    await expect(form.getByRole('heading', { name: `Kelas Menulis Sematan ${stamp}`, level: 1 })).toBeVisible();
    // The frame said its height: not the starting 640 px, and the whole form shows without a scroll bar of its own.
    await expect.poll(() => frameHeight(page)).not.toBe(640);
    const inner = await form.locator('html').evaluate((d) => d.scrollHeight);
    expect(Math.abs((await frameHeight(page)) - inner)).toBeLessThanOrEqual(2);
    // A message from anyone but the frame is not heard: the host page itself cannot resize it.
    const before = await frameHeight(page);
    await page.evaluate((type) => window.postMessage({ type, height: 90 }, '*'), EMBED_MESSAGE_TYPE);
    await page.waitForTimeout(200);
    expect(await frameHeight(page)).toBe(before);
    await screenshot(page, 'embed-host-form-1280');

    // Registering through the frame (not the page): the e-ticket shows in the frame.
    const email = `sematan.${stamp}@contoh.id`;
    await fillForm(form, 'Sekar Ayu', email);
    await form.getByRole('button', { name: F.submit }).click();
    await expect(form.getByText(F.registered)).toBeVisible({ timeout: 20_000 });
    await expect(form.getByRole('link', { name: EMBED_TEXT.fullTicket })).toHaveAttribute('target', '_blank');
    await expect(form.getByRole('img', { name: /QR/ })).toBeVisible();
    expect(page.url()).toBe(`${hostOrigin}/?event=${id}`);
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await form.locator('html').evaluate((d) => d.scrollHeight)))).toBeLessThanOrEqual(2);
    await screenshot(page, 'embed-host-ticket-1280');
    expect((await participants(request, token, id)).map((p) => p.email)).toContain(email);
  });

  test('embed.js is one small classic script, cached, loadable by other sites; only the form may be framed', async ({ request }) => {
    const script = await request.get('/embed.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toContain('javascript');
    expect(script.headers()['cache-control']).toContain('max-age=3600');
    expect(script.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    const body = await script.body();
    expect(body.length).toBeLessThanOrEqual(5 * 1024);
    expect(body.toString()).not.toMatch(/^\s*(import|export)\b/m);
    const { id } = await freeEvent(request, `Kelas Bingkai ${Date.now()}`);
    expect((await request.get(`/e/${id}/embed`)).headers()['content-security-policy']).toContain('frame-ancestors *');
    expect((await request.get(`/e/${id}`)).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

test.describe('tracking links', () => {
  test('made on the Integrasi page, visited, registered through and checked in: the Insight tab counts each', async ({ page, request, browser }) => {
    const stamp = Date.now();
    const name = `Festival Tautan ${stamp}`;
    const { id, token } = await freeEvent(request, name);
    await signedIn(page);
    await page.goto('/organization/integrations');
    await expect(page.getByRole('heading', { name: 'Integrasi', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: T.event }).fill(name);
    await page.getByTitle(name, { exact: true }).click();
    await expect(page.getByText(T.empty)).toBeVisible();
    // A code typed with a capital and a space becomes one as it is typed.
    await page.getByRole('textbox', { name: T.name, exact: true }).fill('Kampus UI');
    await page.getByRole('textbox', { name: T.code, exact: true }).fill('Kampus ui');
    await expect(page.getByRole('textbox', { name: T.code, exact: true })).toHaveValue('kampus-ui');
    await page.getByRole('button', { name: T.create }).click();
    await expect(page.getByText(T.created)).toBeVisible();
    // The whole link, on the server's PUBLIC_URL; the participant below opens its path here.
    const link = `/e/${id}?ref=kampus-ui`;
    await expect(page.getByRole('table', { name: T.section }).getByText(new RegExp(`^https?://[^/]+${link.replace(/[?]/g, '\\?')}$`))).toBeVisible();
    // The same code again is refused under its field.
    await page.getByRole('textbox', { name: T.name, exact: true }).fill('Kampus lagi');
    await page.getByRole('textbox', { name: T.code, exact: true }).fill('kampus-ui');
    await page.getByRole('button', { name: T.create }).click();
    await expect(page.getByText('Kode "kampus-ui" sudah dipakai tautan lain di event ini')).toBeVisible();
    await page.getByRole('textbox', { name: T.code, exact: true }).fill('ig-story');
    await page.getByRole('textbox', { name: T.name, exact: true }).fill('Story Instagram');
    await page.getByRole('button', { name: T.create }).click();
    await expect(page.getByRole('button', { name: 'Hapus tautan ig-story' })).toBeVisible();
    await screenshot(page, 'integrations-tracking-links-1280');
    await page.getByRole('button', { name: 'Hapus tautan ig-story' }).click();
    await page.getByRole('button', { name: T.delete, exact: true }).click();
    await expect(page.getByText(T.deleted)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hapus tautan ig-story' })).toHaveCount(0);

    // A participant follows the link (twice: one visit a day) and registers on the event page.
    const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const tab = await visitor.newPage();
    await tab.goto(link);
    await tab.goto(link);
    const email = `tautan.${stamp}@contoh.id`;
    await fillForm(tab, 'Bagas Pratama', email);
    await tab.getByRole('button', { name: F.submit }).click();
    await expect(tab.getByText(F.registered)).toBeVisible({ timeout: 20_000 });
    const ticketCode = decodeURIComponent(new URL(tab.url()).pathname.split('/').pop()!);
    await visitor.close();
    // Someone else registers without the link: not counted for it.
    const other = await browser.newContext();
    const plain = await other.newPage();
    await plain.goto(`/e/${id}`);
    await fillForm(plain, 'Tanpa Tautan', `tanpa.${stamp}@contoh.id`);
    await plain.getByRole('button', { name: F.submit }).click();
    await expect(plain.getByText(F.registered)).toBeVisible({ timeout: 20_000 });
    await other.close();
    // Checked in at the door (by the API, as the scanner calls it).
    const checkIn = await request.post(`/v1/events/${id}/checkins`, { headers: { authorization: `Bearer ${token}` }, data: { code: ticketCode } });
    expect(checkIn.status()).toBe(201);

    await page.goto(`/event/active/overview/${id}`);
    await page.getByRole('tab', { name: 'Insight' }).click();
    const table = page.getByRole('table', { name: T.insightTitle });
    const row = table.getByRole('row', { name: /Kampus UI/ });
    await expect(row.getByRole('cell')).toHaveText([/Kampus UI/, '1', '1', '1']);
    await expect(page.getByRole('img', { name: new RegExp(`^${T.chartLabel}: kampus-ui 1/1/1$`) })).toBeVisible();
    await page.getByRole('img', { name: new RegExp(T.chartLabel) }).scrollIntoViewIfNeeded();
    await screenshot(page, 'insight-tracking-links-1280');
  });
});
