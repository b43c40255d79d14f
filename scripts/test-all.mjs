#!/usr/bin/env node
// Runs every suite and ends with one line `N passed, N failed` summing them all:
//   0. lint (docs/architecture.md, Lint), counted as one test, beside the typecheck's `tsc -p` runs
//      (TypeScript 7's native compiler; two at a time) and the smoke of `npm start` on the
//      machine's own Node (SMOKE_NODE, one test);
//      when lint fails nothing after this step runs (`0 passed, 1 failed`): a broken import
//      boundary shows within a few minutes;
//   1. vitest (contract, api, web), once, on real PostgreSQL: the server named by TEST_DATABASE_URL,
//      else an embedded one the api project's global setup starts for the run; its connections
//      commit asynchronously (below);
//   2. the suites that run real server and CLI processes (crash safety, scale-out and the
//      deployment behind nginx with TEST_SLOW=1, the embedded server's lifecycle, backups), apart
//      from the other files: they start servers that seed and render, and beside the other files they starved them;
//   3. beside them, Playwright e2e in Debian's Chromium against the app as `npm start` builds and
//      serves it on its embedded PostgreSQL (the build the smoke's `npm start` made, when it ran),
//      then the web app's first-load budget on that build.
//      Both mostly wait (on processes starting, on the browser): alone, each left a core idle, and
//      side by side they took 330 s where one after the other took 434 (2 cores). The process
//      suites' output is held and printed when they end, so the two logs do not interleave.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });

// The suite runs on Node 24, the runtime we support (the web tests' jsdom needs 22.22 or newer).
// Started on an older Node (a fresh Debian machine's 20), it installs Node 24 once from the
// registry's `node` package into node_modules/.cache and runs itself there, with the Node it
// was started on for the smoke: `npm start` must still work on that one.
if (Number(process.versions.node.split('.')[0]) < 24) {
  const prefix = path.join(root, 'node_modules', '.cache', 'node24');
  const bin = path.join(prefix, 'node_modules', '.bin');
  if (!existsSync(path.join(bin, 'node'))) {
    const code = await run(`Node 24 from the registry (this is Node ${process.versions.node})`, 'npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', 'node@24']);
    if (code !== 0) process.exit(code);
  }
  // Spawned here, not through run(): its closing `=== … s ===` line would follow the suite's
  // own last line, `N passed, N failed`.
  process.exit(await new Promise((resolve) => spawn(path.join(bin, 'node'), [import.meta.filename], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, SMOKE_NODE: process.env.SMOKE_NODE ?? process.execPath },
  }).on('close', (code) => resolve(code ?? 1))));
}
const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

/**
 * A step, its time printed when it ends; resolves to its exit code. Two may run at once; a `held`
 * step's output is kept and printed in one piece when it ends.
 */
function run(label, cmd, args, env = {}, { held = false } = {}) {
  console.log(`\n=== ${label}${held ? ' (its output when it ends)' : ''} ===`);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  const output = [];
  if (held) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const ended = (code) => {
      if (held) console.log(`\n=== ${label}: its output ===\n${Buffer.concat(output).toString()}`);
      console.log(`=== ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
      resolve(code ?? 1);
    };
    child.on('error', () => ended(1));
    child.on('close', ended);
  });
}

async function vitest(label, file, args, env, options) {
  const json = path.join(out, file);
  rmSync(json, { force: true });
  const code = await run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], env, options);
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

/** The titles of the Playwright tests that failed once and then passed (its JSON report). */
function flakyTests(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) if (t.status === 'flaky') titles.push(`[${t.projectName}] ${[...path, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return titles;
}

/** Runs the steps `limit` at a time, in the order given; resolves to their exit codes. */
async function pool(limit, steps) {
  const codes = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      codes[i] = await steps[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return codes;
}

// `npm start` on the machine's own Node (SMOKE_NODE, set by CI): sign in and one read, one test. It
// builds apps/*/dist, so it runs before anything that builds or reads them (the budget's check,
// the e2e server, the deployment test), beside lint and the typecheck, which read neither.
const smoke = process.env.SMOKE_NODE
  ? run(`smoke on ${process.env.SMOKE_NODE}`, process.env.SMOKE_NODE, ['scripts/smoke.mjs'], {
    PATH: `${path.dirname(process.env.SMOKE_NODE)}${path.delimiter}${process.env.PATH}`,
  })
  : null;
// The typecheck's runs (`npm run typecheck` runs them one after another): two steps at a time
// with lint, the longest first.
const tscRuns = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.typecheck.split('&&').map((c) => c.trim().split(/\s+/));
const longestFirst = ['tsconfig.json', 'apps/web', 'e2e'];
tscRuns.sort((a, b) => (longestFirst.indexOf(a.at(-1)) + 1 || 99) - (longestFirst.indexOf(b.at(-1)) + 1 || 99));
const [lint, ...typecheck] = await pool(2, [
  () => run('lint', 'npm', ['run', 'lint']),
  ...tscRuns.map(([cmd, ...args]) => () => run(`typecheck ${args.at(-1)}`, 'npx', [cmd, ...args])),
]);
if (lint !== 0) {
  await smoke;
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
totals.passed += 1;
if (typecheck.some((code) => code !== 0)) crashed = true;
const smokeCode = await smoke;
if (smokeCode !== null) {
  if (smokeCode === 0) totals.passed += 1;
  else totals.failed += 1;
}

const PROCESS_SUITES = [
  'apps/api/test/server-lifecycle.test.ts', 'apps/api/test/embedded-postgres.test.ts', 'apps/api/test/crash-safety.test.ts',
  'apps/api/test/scale-out.test.ts', 'apps/api/src/backup/backup.test.ts', 'apps/api/src/backup/restore-backup.test.ts', 'apps/api/test/server-shutdown.test.ts',
  'apps/api/test/message-crash.test.ts', 'apps/api/test/message-reminders-scale-out.test.ts', 'apps/api/test/server-stalled-stdout.test.ts',
  'apps/api/test/deployment.test.ts', 'apps/api/test/whatsapp-crash.test.ts',
];
const apart = PROCESS_SUITES.flatMap((f) => ['--exclude', f]);
// Their connections commit without waiting for the WAL's flush (node-postgres reads PGOPTIONS): a
// commit is as visible and as ordered as before, and only a crash of PostgreSQL itself could lose
// the last few, which no suite of this step causes (the process suites, which kill servers and
// their embedded clusters, run without it). Two of the busiest files: 84 → 59 s and 78 → 41 s.
const asyncCommit = { PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c synchronous_commit=off`.trim() };
await vitest('unit and API tests', 'vitest.json', apart, asyncCommit);
const processSuites = () => vitest('server and CLI processes', 'vitest-process.json', ['--project', 'api', ...PROCESS_SUITES], {}, { held: true });

/** Resolves once `url` answers 200, or after `ms`, or once `ended` has. */
async function serving(url, ms, ended) {
  let over = false;
  ended.finally(() => (over = true));
  for (const until = Date.now() + ms; !over && Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
    if (await fetch(url).then((res) => res.ok, () => false)) return;
  }
}

let processes;
if (process.env.SKIP_E2E !== '1') {
  const json = path.join(out, 'e2e-results.json');
  rmSync(json, { force: true });
  // The smoke's `npm start` built this tree a few minutes ago: the e2e server serves that build
  // (`npm run serve`) instead of building it again on the critical path. Without a smoke that
  // passed, it runs `npm start` as a user would.
  const prebuilt = smokeCode === 0 ? { E2E_PREBUILT: '1' } : {};
  const e2e = run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], prebuilt);
  // The process suites start once the e2e server serves: a `npm start` there rebuilds
  // apps/web/dist, which their servers read as they start.
  processes = serving(`http://127.0.0.1:${process.env.E2E_PORT ?? 3199}/readyz`, 300_000, e2e).then(processSuites);
  const code = await e2e;
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    for (const title of flakyTests(report)) console.log(`e2e: passed on its second try, to be fixed: ${title}`);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (code !== 0 && s.unexpected === 0) crashed = true;
  } else {
    crashed = true;
    console.error(`e2e: no results (exit ${code})`);
  }
  // The size budget of the web app's first loads (docs/performance.md), on the build `npm start` made:
  // one test, failed when /login is over 200 KB of gzipped JS or another route over 450 KB.
  if ((await run('web first-load budget', 'node', ['--import', 'tsx', 'scripts/bench/web.ts', '--check'])) === 0) totals.passed += 1;
  else totals.failed += 1;
}
await (processes ?? processSuites());

if (crashed) totals.failed += totals.failed === 0 ? 1 : 0;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
