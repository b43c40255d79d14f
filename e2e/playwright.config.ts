import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { whatsappEnv } from './whatsapp-api';

/**
 * Drives the app as `npm start` builds and serves it, in Debian's Chromium (./browser.ts), on a
 * fresh, seeded embedded PostgreSQL.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);
const made = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'eo-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The runner that made the folder (its workers inherit it) removes it as it exits, after the web
// server and its PostgreSQL have stopped: each run's cluster is a few hundred MB in /tmp.
if (made) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined };
const DEMO_TOTALS = [/(^|\/)overview\.spec\.ts$/, /(^|\/)event-lists\.spec\.ts$/];
const MAINTENANCE = /(^|\/)maintenance\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  // Two files at a time: a test mostly waits on the browser and the server, and one worker left
  // half of the two cores idle (7.5 min against 4.7). The projects below keep the tests that read
  // shared state from running beside those that change it.
  fullyParallel: false,
  workers: 2,
  // One more try for a test that fails: a browser test at the cold start of a loaded machine can
  // miss a beat, and with the projects' dependencies one miss would skip every later file.
  // `npm test` names each test that needed it, so a flaky one is seen and fixed, never hidden.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // As someone who asked their system for less motion: the app then opens and closes antd's
    // dialogs, drawers and dropdowns without motion, so screens are checked at rest and a click
    // never lands on a dialog still fading out.
    reducedMotion: 'reduce',
    trace: 'off',
    // Evidence of a failure that does not come back on a re-run (the e2e loop's one red run).
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // First, on their own: the demo organizer's overview numbers and event lists, compared with
    // what the API says at that moment, before the other files add events to that organizer.
    { name: 'demo totals', testMatch: DEMO_TOTALS, use: DESKTOP },
    { name: 'desktop', testIgnore: [...DEMO_TOTALS, MAINTENANCE], dependencies: ['demo totals'], use: DESKTOP },
    // Last and alone: maintenance turns every route of the platform away while it is on.
    { name: 'maintenance', testMatch: MAINTENANCE, dependencies: ['desktop'], use: DESKTOP },
  ],
  webServer: {
    // `npm start` builds, then serves; `npm test` passes E2E_PREBUILT=1 when its smoke has just
    // built this tree with `npm start`, and the build is then not made twice.
    command: process.env.E2E_PREBUILT === '1' ? 'npm run serve' : 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/readyz`,
    // The build, the embedded cluster's first start and the demo seed.
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the server stops its embedded PostgreSQL on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    // Messages at 10 mails a second: a message to a few dozen lasts long enough to watch it go.
    // WhatsApp through the local Cloud API server that whatsapp.spec.ts starts (whatsapp-api.ts);
    // webhooks may reach the receivers the specs start on this machine (loopback).
    env: {
      PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', MESSAGE_RATE: '10',
      WEBHOOK_ALLOW_PRIVATE: '1', ...whatsappEnv(),
    },
  },
});
