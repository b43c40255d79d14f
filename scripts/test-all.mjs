#!/usr/bin/env node
// Runs every suite and ends with one line `N passed, N failed` summing them all:
//   0. lint (README, Lint), counted as one test; when it fails nothing else runs (`0 passed, 1 failed`):
//      a broken import boundary shows within a minute, not after the whole run;
//   1. vitest (contract, api, web) on the embedded PGlite;
//   2. the api project again on PostgreSQL when TEST_DATABASE_URL is set;
//   3. the suites that run real server and CLI processes (crash safety, scale-out and the
//      deployment behind nginx with TEST_SLOW=1, lifecycle, backups), one file at a time on each database: they start
//      servers that seed and render, and beside the other files on two cores they starved them;
//   4. the web build, then Playwright e2e in Debian's Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitest(label, file, args, env) {
  const json = path.join(out, file);
  rmSync(json, { force: true });
  const code = run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], env);
  if (!existsSync(json)) {
    crashed = true;
    return console.error(`${label}: no results (exit ${code})`);
  }
  const r = JSON.parse(readFileSync(json, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (code !== 0 && r.numFailedTests === 0) crashed = true;
}

const lintStart = Date.now();
const lint = run('lint', 'npm', ['run', 'lint']);
console.log(`lint: ${((Date.now() - lintStart) / 1000).toFixed(1)} s`);
if (lint !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
totals.passed += 1;

if (run('typecheck', 'npm', ['run', 'typecheck']) !== 0) crashed = true;

const PROCESS_SUITES = [
  'apps/api/test/server-lifecycle.test.ts', 'apps/api/test/crash-safety.test.ts',
  'apps/api/test/scale-out.test.ts', 'apps/api/src/backup/backup.test.ts', 'apps/api/src/backup/restore-backup.test.ts',
  'apps/api/test/server-shutdown.test.ts',
  'apps/api/test/message-crash.test.ts', 'apps/api/test/message-reminders-scale-out.test.ts',
  'apps/api/test/deployment.test.ts',
];
const apart = PROCESS_SUITES.flatMap((f) => ['--exclude', f]);
const { TEST_DATABASE_URL } = process.env;
vitest('unit and API tests (PGlite)', 'vitest-pglite.json', apart, { TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', 'vitest-postgres.json', ['--project', 'api', ...apart], { TEST_DATABASE_URL });
}
const oneByOne = ['--project', 'api', '--no-file-parallelism', ...PROCESS_SUITES];
vitest('server and CLI processes (PGlite)', 'vitest-process-pglite.json', oneByOne, { TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) {
  vitest('server and CLI processes (PostgreSQL)', 'vitest-process-postgres.json', oneByOne, { TEST_DATABASE_URL });
}

if (process.env.SKIP_E2E !== '1') {
  if (run('web build', 'npm', ['run', 'build']) !== 0) crashed = true;
  // The size budget of the web app's first loads (README, Performance), on the build just made:
  // one test, failed when /login is over 200 KB of gzipped JS or another route over 450 KB.
  if (run('web first-load budget', 'node', ['--import', 'tsx', 'scripts/bench/web.ts', '--check']) === 0) totals.passed += 1;
  else totals.failed += 1;
  const json = path.join(out, 'e2e-results.json');
  rmSync(json, { force: true });
  const code = run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  if (existsSync(json)) {
    const s = JSON.parse(readFileSync(json, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (code !== 0 && s.unexpected === 0) crashed = true;
  } else {
    crashed = true;
    console.error(`e2e: no results (exit ${code})`);
  }
}

if (crashed) totals.failed += totals.failed === 0 ? 1 : 0;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
