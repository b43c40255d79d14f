/**
 * The proof of work's cost (docs/performance.md, Proof of work): how long the public form's solver
 * takes in Chromium with the CPU throttled 4× (a slow phone, Playwright's CDP
 * `Emulation.setCPUThrottlingRate`) and unthrottled, and how many registrations a second one
 * attacker core can make when each needs a solved challenge (altcha-lib's solver in Node, with
 * PBKDF2 run synchronously on that one core).
 *
 *   node --import tsx scripts/bench/proof-of-work.ts [challenges]
 *
 * ALTCHA_COST and ALTCHA_MAX_COUNTER (as the server reads them; their defaults otherwise) set the
 * cost measured; `challenges` (default 12) is how many are solved in each setting.
 */
import { pbkdf2Sync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { solveChallenge, type DeriveKeyFunction } from 'altcha-lib';
import { build } from 'esbuild';
import type { AltchaChallenge } from '@eo/contract';
import type { Db } from '../../apps/api/src/db/client.js';
import { loadConfig } from '../../apps/api/src/config/env.js';
import { ProofOfWorkService } from '../../apps/api/src/modules/proof-of-work/proof-of-work.service.js';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const RUNS = Number(process.argv[2] ?? 12);

const { altcha } = loadConfig({ ...process.env, DATA_DIR: path.join(root, 'data'), JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789' });
// Issuing a challenge reads nothing from the database (only spending one does).
const issuer = new ProofOfWorkService(null as unknown as Db, 'bench-secret-that-is-long-enough-0123456789', altcha);

/** The form's solver (altcha-lib with WebCrypto PBKDF2), bundled for a plain page. */
async function browserSolver(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
window.solve = async (challenge) => {
  const start = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { ms: performance.now() - start, counter: solution.counter };
};`,
      resolveDir: root, loader: 'js',
    },
    bundle: true, format: 'iife', write: false, platform: 'browser', minify: true,
  });
  return out.outputFiles[0]!.text;
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function inChromium(challenges: AltchaChallenge[], rate: number) {
  const script = await browserSolver();
  // localhost over http is a secure context: WebCrypto is there, as on the real https page.
  const server = createServer((req, res) => {
    if (req.url === '/solver.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>pow</title><script src="/solver.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const times: number[] = [];
    for (const challenge of challenges) {
      const { ms } = await page.evaluate((c) => (globalThis as unknown as { solve(c: unknown): Promise<{ ms: number }> }).solve(c), challenge);
      times.push(ms);
    }
    return { version: browser.version(), times };
  } finally {
    await browser.close();
    server.close();
  }
}

/** An attacker's core: the same solver, PBKDF2 computed synchronously on this thread (no thread pool). */
const syncDeriveKey: DeriveKeyFunction = async (parameters, salt, password) => ({
  derivedKey: pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, 'sha256'),
});

async function inNode(challenges: AltchaChallenge[]) {
  const times: number[] = [];
  for (const challenge of challenges) {
    const start = performance.now();
    await solveChallenge({ challenge, deriveKey: syncDeriveKey });
    times.push(performance.now() - start);
  }
  return times;
}

const challenges = await Promise.all(Array.from({ length: RUNS }, () => issuer.challenge()));
const throttled = await inChromium(challenges, 4);
const plain = await inChromium(challenges, 1);
const node = await inNode(challenges);

const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, mean ${mean(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
console.log(`[proof-of-work] ${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} · Node ${process.version} · Chromium ${throttled.version}`);
console.log(`[proof-of-work] PBKDF2/SHA-256, ALTCHA_COST=${altcha.cost} iterations a try, ALTCHA_MAX_COUNTER=${altcha.maxCounter} (counter in [${Math.ceil(altcha.maxCounter / 2)}, ${altcha.maxCounter}]), ${RUNS} challenges`);
console.log(`[proof-of-work] Chromium, CPU throttled 4×: ${fmt(throttled.times)}`);
console.log(`[proof-of-work] Chromium, unthrottled:      ${fmt(plain.times)}`);
console.log(`[proof-of-work] Node, one core:            ${fmt(node)} → ${(1000 / mean(node)).toFixed(1)} registrations/s per attacker core`);
