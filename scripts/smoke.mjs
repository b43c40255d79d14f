#!/usr/bin/env node
// The README's first command on whatever `node` runs this (CI: the machine's own Node 20, the
// oldest that still starts the app): `npm start` on a fresh DATA_DIR, then sign in as the demo
// organizer and read the event totals, then SIGTERM. Exits 0 when all of it worked.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-smoke-'));
const port = Number(process.env.SMOKE_PORT ?? 3198);
const base = `http://127.0.0.1:${port}`;
console.log(`smoke: npm start on Node ${process.version}, DATA_DIR ${dataDir}`);

// Its own process group, so the signal reaches npm, its shell and the server alike.
const child = spawn('npm', ['start'], {
  cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

async function check() {
  for (const until = Date.now() + 300_000; !output.includes('is running at');) {
    if (child.exitCode !== null) throw new Error('npm start exited before serving');
    if (Date.now() > until) throw new Error('npm start did not serve within 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/v1/login/email`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'organizer@demo.id', password: 'demo-password', platform: 'eo_dashboard' }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const { token } = (await login.json()).data.tokenData;
  const totals = await fetch(`${base}/v1/events/total`, { headers: { authorization: `Bearer ${token}` } });
  const body = await totals.json();
  if (totals.status !== 200 || !(body.data.active > 0)) throw new Error(`event totals answered ${totals.status} ${JSON.stringify(body)}`);
  console.log(`smoke: signed in, ${body.data.active} active events`);
}

let failed = false;
try {
  await check();
} catch (err) {
  failed = true;
  console.error(`smoke failed: ${err.message}\n${output}`);
}
process.kill(-child.pid, 'SIGTERM');
const code = await exited;
// npm goes at once; the server then drains and stops its PostgreSQL, which removes its lock file.
const lock = path.join(dataDir, 'pg', 'postmaster.pid');
for (const until = Date.now() + 30_000; existsSync(lock) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
if (existsSync(lock)) {
  failed = true;
  console.error('smoke failed: the embedded PostgreSQL was still running 30 s after SIGTERM');
} else console.log(`smoke: stopped (${code}), PostgreSQL stopped`);
rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
process.exit(failed ? 1 : 0);
