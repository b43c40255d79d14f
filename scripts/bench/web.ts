/**
 * Web performance (docs/performance.md, Web), also runnable alone:
 *   node --import tsx scripts/bench/web.ts            build apps/web, sizes, then Chromium timings
 *   node --import tsx scripts/bench/web.ts --no-build  use the existing apps/web/dist
 *   node --import tsx scripts/bench/web.ts --check     sizes of the existing build only; exit 1 over budget
 *
 * 1. Per route, the gzipped JS of its first load, from the build manifest (see web-size.ts),
 *    beside its budget: /login at most 200 KB, any other route at most 450 KB.
 * 2. In Debian's Chromium against a real server (fresh embedded DATA_DIR with the demo seed, free
 *    port, serving apps/web/dist), median of RUNS cold runs (a new browser each time):
 *    - /login: first contentful paint, and the first frame in which the email input is shown;
 *    - sign-in: from the form's submit to the first frame showing every dashboard counter;
 *    - /: a cold load of / by a signed-in user (session in localStorage) until the counters show.
 * Prints, never fails on time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { checkBudget, kb, measureDist, WEB_DIST, type RouteSize } from './web-size.js';
import { startServer } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The web app only: the server it is served by builds the API itself (`startServer`). */
export function buildWeb() {
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`web build failed (exit ${res.status})`);
}

export function printSizes(sizes: RouteSize[]) {
  console.log('\n[web] first-load JS per route, gzipped (entry + lazy route chunks + their static imports):');
  for (const r of sizes) {
    console.log(`  ${r.path.padEnd(36)} ${kb(r.gzipBytes).padStart(6)} KB  (budget ${r.budgetKb} KB: ${r.over ? 'OVER' : 'under'}) · ${r.files.length} files, ${kb(r.bytes)} KB raw, ${kb(r.servedBytes)} KB transferred (br as served)`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs in the page before its scripts: on every animation frame (just before it is painted),
 * notes the first time the email input is shown and the first time every dashboard counter is.
 */
// A string, not a function: tsx would wrap named inner functions in a `__name` helper that
// does not exist in the page.
const MARKS_SCRIPT = `
  window.__marks = {};
  document.addEventListener('submit', () => { if (window.__marks.submit === undefined) window.__marks.submit = performance.now(); }, true);
  const tick = () => {
    const m = window.__marks;
    const email = document.querySelector('input[autocomplete="username"]');
    if (m.email === undefined && email && email.offsetParent !== null) m.email = performance.now();
    const cards = document.querySelectorAll('.stat-card').length;
    if (m.counters === undefined && cards > 0 && document.querySelectorAll('[data-testid^="stat-"]').length === cards) m.counters = performance.now();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

// Page functions run in the browser: plain arrows (tsx would wrap named inner functions in a
// `__name` helper the page lacks) and no string predicates (the app's CSP forbids eval).
type Page = { __marks: { email?: number; submit?: number; counters?: number } };

export interface WebTimings {
  runs: number;
  chromium: string;
  loginFcpMs: number;
  loginFormMs: number;
  signInToCountersMs: number;
  dashboardColdMs: number;
}

/** `webDist`: serve another build (e.g. an older one, to compare back to back). */
export async function benchBrowser({ webDist = WEB_DIST } = {}): Promise<WebTimings> {
  // WEB_BENCH_URL: an already running server with the demo seed (it must serve the current build).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-web-'));
  const port = await freePort();
  // The demo seed (events, posters, registrants) takes a minute or more on a busy 2-core machine.
  const server = process.env.WEB_BENCH_URL
    ? undefined
    : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', WEB_DIST: webDist }, port, { timeoutMs: 300_000 });
  const base = process.env.WEB_BENCH_URL ?? `http://127.0.0.1:${port}`;
  const samples = { fcp: [] as number[], form: [] as number[], signIn: [] as number[], cold: [] as number[] };
  let version = '';
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      // A new browser per run: nothing cached, not even compiled code. Run 0 warms the server.
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      version = browser.version();
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
        await context.addInitScript({ content: MARKS_SCRIPT });
        const page = await context.newPage();
        await page.goto(`${base}/login`);
        await page.waitForFunction(() => (globalThis as unknown as Page).__marks.email !== undefined);
        const login = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          email: (globalThis as unknown as Page).__marks.email!,
        }));
        await page.getByLabel('Email').fill('organizer@demo.id');
        await page.getByLabel('Password').fill('demo-password');
        await page.getByRole('button', { name: 'Login' }).click();
        await page.waitForFunction(() => (globalThis as unknown as Page).__marks.counters !== undefined, undefined, { timeout: 30_000 });
        const signIn = await page.evaluate(() => (globalThis as unknown as Page).__marks.counters! - (globalThis as unknown as Page).__marks.submit!);
        const storage = await context.storageState();
        await context.close();

        // A signed-in user opens / in a fresh context (cold HTTP cache), session from localStorage.
        const cold = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta', storageState: storage });
        await cold.addInitScript({ content: MARKS_SCRIPT });
        const dash = await cold.newPage();
        await dash.goto(`${base}/`);
        await dash.waitForFunction(() => (globalThis as unknown as Page).__marks.counters !== undefined, undefined, { timeout: 30_000 });
        const coldMs = await dash.evaluate(() => (globalThis as unknown as Page).__marks.counters!);
        await cold.close();
        if (i > 0) {
          samples.fcp.push(login.fcp);
          samples.form.push(login.email);
          samples.signIn.push(signIn);
          samples.cold.push(coldMs);
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    runs: RUNS,
    chromium: version,
    loginFcpMs: median(samples.fcp),
    loginFormMs: median(samples.form),
    signInToCountersMs: median(samples.signIn),
    dashboardColdMs: median(samples.cold),
  };
}

export function printTimings(t: WebTimings) {
  console.log(`[web] Chromium ${t.chromium}, median of ${t.runs} cold runs:`);
  console.log(`  /login: first contentful paint ${t.loginFcpMs.toFixed(0)} ms · email input shown ${t.loginFormMs.toFixed(0)} ms after navigation start`);
  console.log(`  sign-in: submit → every dashboard counter shown ${t.signInToCountersMs.toFixed(0)} ms`);
  console.log(`  / (signed in, cold load): every dashboard counter shown ${t.dashboardColdMs.toFixed(0)} ms after navigation start`);
}

/** Sizes (building first unless told not to) and Chromium timings; for scripts/bench.ts. */
export async function benchWeb({ build = true } = {}) {
  if (build || !existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) buildWeb();
  const sizes = measureDist();
  printSizes(sizes);
  const timings = await benchBrowser();
  printTimings(timings);
  return {
    routes: Object.fromEntries(sizes.map((r) => [r.path, { gzipKb: Number(kb(r.gzipBytes)), servedKb: Number(kb(r.servedBytes)), rawKb: Number(kb(r.bytes)), budgetKb: r.budgetKb, over: r.over }])),
    timings,
  };
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args.includes('--check')) {
    const sizes = measureDist();
    printSizes(sizes);
    const problems = checkBudget(sizes);
    for (const p of problems) console.error(`  budget: ${p}`);
    console.log(problems.length ? `[web] size budget: FAILED (${problems.length})` : `[web] size budget: ${sizes.length} routes within budget`);
    process.exit(problems.length ? 1 : 0);
  }
  benchWeb({ build: !args.includes('--no-build') }).catch((err) => {
    console.error('web bench could not run:', err);
  });
}
