import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunOptions, run } from 'axe-core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginEntries } from '@eo/contract';

const fixtureDirs = new Set<string>();
/** A temporary folder for a spec's files (templates, CSVs, images), removed when its worker exits. */
export function fixtureDir(prefix: string): string {
  if (!fixtureDirs.size) process.once('exit', () => { for (const dir of fixtureDirs) rmSync(dir, { recursive: true, force: true }); });
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  fixtureDirs.add(dir);
  return dir;
}

export const PASSWORD = 'demo-password';
export const ORGANIZER = 'organizer@demo.id';
const SHOTS = path.join(import.meta.dirname, 'screenshots');

const WIDTHS = { desktop: 1280, phone: 375 };
const HEIGHTS = { desktop: 800, phone: 812 };

/**
 * Saves full-page screenshots to e2e/screenshots/<name>.png (opened and checked by hand) at
 * both widths: the page as it is, then the same screen at the other width (a `-1280` name
 * gets a `-375` sibling and the other way round), then the first size again; an open dialog,
 * drawer or dropdown only at its own width. At each width
 * axe-core (WCAG 2.1 A and AA, with Label in Name) must find no serious or critical violation, and at 375 px
 * nothing may scroll sideways; both are soft, so one run lists every screen's problems.
 */
export async function screenshot(page: Page, name: string, { full = true } = {}) {
  // Two widths, two axe runs: each shot gets its own time on top of the test's.
  test.info().setTimeout(test.info().timeout + 30_000);
  const size = page.viewportSize() ?? { width: WIDTHS.desktop, height: HEIGHTS.desktop };
  const phoneFirst = size.width <= WIDTHS.phone;
  const base = name.replace(/-(1280|375)$/, '');
  const other = phoneFirst ? 'desktop' : 'phone';
  // Each shot leaves the viewport grown to its page; the next size is set from there, as every
  // resize lays the whole page out again.
  const grown = await checkAndShoot(page, name, full);
  // A dialog, drawer or dropdown belongs to the layout it opened in: the phone's cards and menu
  // unmount at 1280 px and would come back closed. Such a state is shot at its own width only.
  if (await page.locator('.ant-modal-wrap:visible, .ant-drawer-open, .ant-select-dropdown:visible, .ant-dropdown:visible').count()) {
    if (grown) await page.setViewportSize(size);
    return;
  }
  await page.setViewportSize({ width: WIDTHS[other], height: HEIGHTS[other] });
  await checkAndShoot(page, `${base}-${WIDTHS[other]}`, full);
  await page.setViewportSize(size);
  await settle(page);
}

/**
 * antd runs its opening and closing motions from JS-set classes; wait until they are gone. A
 * closing one counts too: a time picker's dropdown caught mid-leave still shows its scrollable
 * hour and minute columns, which axe then reports (the e2e loop's one red run).
 */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'), undefined, { timeout: 3000 }).catch(() => undefined);
}

/** Checks the screen at the viewport's width and shoots it; true when it grew the viewport to do so. */
async function checkAndShoot(page: Page, name: string, full: boolean): Promise<boolean> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  const size = page.viewportSize();
  if (size && size.width <= WIDTHS.phone) {
    // Polled: after a resize, charts and tables take a few frames to fit their new width.
    await expect.configure({ soft: true }).poll(() => sidewaysOverflow(page, size.width), {
      message: `${name}: nothing may scroll sideways at ${size.width} px`, timeout: 3000,
    }).toEqual([]);
  }
  // The viewport grows to the page's height instead of `fullPage`: Chromium's full-page capture
  // passes through a zero-width layout, which fires the mobile media queries mid-shot.
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  // An open dialog is shot as it is: resizing under it re-runs its opening motion.
  const dialogOpen = (await page.locator('.ant-modal-wrap:visible').count()) > 0;
  const grow = full && !dialogOpen && size !== null && height > size.height;
  if (grow) await page.setViewportSize({ width: size.width, height: Math.min(height, 6000) });
  // axe on the grown viewport: with the whole page in view it measures every text's contrast
  // where it stands, instead of scrolling to each one below the fold (a third of the suite's time).
  expect.soft(await axeProblems(page), `${name}: axe-core (WCAG 2.1 A, AA) serious or critical violations`).toEqual([]);
  // Finished animations, so a drawer or toast is captured where it comes to rest.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
  return grow;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * WCAG 2.1 A rules that axe-core ships as experimental, off unless named: 2.5.3 Label in Name
 * (a control's accessible name holds its visible text).
 */
const AXE_EXPERIMENTAL_ON = ['label-content-name-mismatch'];

/**
 * One readable line per serious or critical violation and element: rule, impact, element, why.
 * A violation counts when a second look, once motions have settled, finds it again on the same
 * element: a toast or dropdown caught mid-fade (a message at 3:1 while fading in, the e2e loop's
 * runs 1 and 7) is not a state the screen rests in, while a real one is there both times.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  const first = await axeRun(page);
  if (first.length === 0) return [];
  await settle(page);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3000 }).catch(() => undefined);
  const seen = new Set(first.map((p) => p.key));
  return (await axeRun(page)).filter((p) => seen.has(p.key)).map((p) => p.line);
}

/**
 * axe-core as a script in the page itself, injected once per document and run there: the
 * @axe-core/playwright wrapper injected its 500 KB twice on every run (three quarters of a
 * run's time), and its default mode opens a blank page in the context for a moment, which a
 * test waiting for a new tab (an invoice, GO TO APP) would take for its own. Frames are not
 * walked: the one iframe, the mail preview, is sandboxed to an opaque origin that axe cannot
 * reach from the page either way.
 */
async function axeRun(page: Page): Promise<{ key: string; line: string }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(AXE_EXPERIMENTAL_ON.map((id) => [id, { enabled: true }])),
    iframes: false,
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate(async (opts) => {
    const { violations } = await (window as unknown as { axe: { run: typeof run } }).axe.run(document, opts);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary })) }));
  }, options);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => ({
      key: `${v.id} ${n.target.join(' ')}`,
      line: `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.summary?.replace(/\s+/g, ' ') ?? v.help}`,
    })));
}

/** The document's width past the viewport, with the elements that reach beyond it. */
async function sidewaysOverflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= w) return [];
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > w + 0.5)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= w + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
    return [`scrollWidth ${doc.scrollWidth} > ${w}`, ...wide];
  }, width);
}

/** Fills the login form; unless told otherwise, waits until the dashboard has taken over. */
export async function signIn(page: Page, email = ORGANIZER, password = PASSWORD, { expectSuccess = true } = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (expectSuccess) await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signed in without the form, for tests about something else (the form has its own tests, in
 * auth.spec.ts and wherever signIn() is used): the login call the form makes, its refresh cookie
 * kept by the page's context, and the storage a sign-in writes (@eo/contract's loginEntries),
 * set on a small page of the app's origin. The next `goto` opens signed in; skipping the login
 * page and the dashboard it lands on saved about 0.6 CPU-seconds a sign-in.
 */
export async function signedIn(page: Page, email = ORGANIZER) {
  const entries = loginEntries(await apiLogin(page.request, email), Date.now());
  await page.goto('/healthz');
  await page.evaluate((e) => { for (const [key, text] of Object.entries(e)) localStorage.setItem(key, text); }, entries);
}

/** The dashboard's login call (what its form sends), answered 200: the answer's `data`. */
async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/login/email', { data: { email, password: PASSWORD, platform: 'eo_dashboard' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** A token straight from the API, for checking what the UI shows against what the API says. */
export async function apiToken(request: APIRequestContext, email = ORGANIZER) {
  return (await apiLogin(request, email)).tokenData.token as string;
}

export async function apiGet(request: APIRequestContext, url: string, token: string) {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** A new organizer with no events (through the admin API), for empty states and clean paging. */
export async function freshOrganizer(request: APIRequestContext, name = 'EO Baru') {
  const admin = await apiToken(request, 'admin@demo.id');
  const email = `eo-${Date.now()}-${Math.random().toString(16).slice(2, 6)}@demo.id`;
  const res = await request.post('/v1/admin/users', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, name, password: PASSWORD, roles: ['eventOrganizer'] },
  });
  expect(res.status()).toBe(201);
  return { email, token: await apiToken(request, email) };
}

/** Saves drafts named `${prefix} 01`… through the real API, oldest first. */
export async function createDrafts(request: APIRequestContext, token: string, prefix: string, n: number) {
  for (let i = 1; i <= n; i++) {
    const res = await request.post('/v1/events/draft/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `${prefix} ${String(i).padStart(2, '0')}`, type: 'Lomba', agreement: true, isPaidEvent: i % 2 === 0 },
    });
    expect(res.status()).toBe(201);
  }
}

/**
 * The texts of the mails sent to `email`, newest first, from the server's file outbox (real .eml
 * files written by nodemailer; their bodies base64 or quoted-printable).
 */
export function mailedTexts(email: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const texts: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const [head, ...rest] = raw.split(/\r?\n\r?\n/);
    // Headers unfolded: a long address goes on a line of its own (`To:\n address`).
    if (!new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(head!.replace(/\r?\n[ \t]+/g, ' '))) continue;
    const decode = (body: string, encoding: string) => (/base64/i.test(encoding)
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
    // A multipart mail (text, HTML, a QR code): its text/plain part.
    const part = /Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: *(\S+)\r?\n\r?\n([\s\S]*?)(?=\r?\n--)/i.exec(raw);
    texts.push(part ? decode(part[2]!, part[1]!) : decode(rest.join('\n'), /content-transfer-encoding: *base64/i.test(head) ? 'base64' : 'quoted-printable'));
  }
  return texts;
}

/** The newest link to `path` (e.g. `/invite/`) mailed to `email`, as a path on this server. */
export function mailedLink(email: string, pathPrefix: string): string {
  for (const text of mailedTexts(email)) {
    const url = text.match(new RegExp(`https?://\\S+(${pathPrefix}[A-Za-z0-9_-]+)`))?.[1];
    if (url) return url;
  }
  throw new Error(`no ${pathPrefix} link mailed to ${email}`);
}

/** The newest value of header `name` (unfolded) in the mails sent to `email`, from the server's file outbox. */
export function mailedHeader(email: string, name: string): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse()) {
    const head = readFileSync(path.join(dir, file), 'utf8').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(head)) continue;
    const value = new RegExp(`^${name}: *(.*)$`, 'mi').exec(head)?.[1];
    if (value) return value.trim();
  }
  return undefined;
}
