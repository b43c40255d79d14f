// Throwaway: a few scale rows on one server, each beside the bare route measured right before it.
import { login } from './bench/insight.js';
import { runLoad } from './bench/load.js';
import { startServer } from './bench/server.js';
const port = 3980;
const url = process.env.URL!;
const server = await startServer({ DATABASE_URL: url, NODE_ENV: 'benchmark', LOGIN_MAX_FAILURES_PER_IP: '100000', JOB_WORKERS: '0' }, port);
const base = `http://127.0.0.1:${port}`;
try {
  const org = await login(base, { email: 'bench7@demo.id', password: 'bench-password' });
  const admin = await login(base, { email: 'bench-admin@demo.id', password: 'bench-password' });
  const ev = process.env.EVENT!;
  const rows: [string, string, string][] = (process.env.ROWS ?? '').split(',').map((r) => r.split('|') as [string, string, string]);
  const all: [string, string][] = [
    ['org', '/v1/events/total'], ['org', '/v1/transactions/eo/summary'], ['admin', '/v1/events/total'], ['admin', '/v1/transactions/eo/summary'],
    ['org', `/v1/transactions/eo/coin?eventId=${ev}`], ['org', '/v1/events/available-withdrawal?page=1&limit=10'], ['org', `/v1/events/detail?id=${ev}`],
    ['org', `/v1/transactions/event/${ev}/summary`], ['org', '/v1/account/profile'],
  ];
  void rows;
  for (const [who, path] of all) {
    const headers = { authorization: `Bearer ${who === 'org' ? org : admin}` };
    const r0 = await fetch(base + path, { headers });
    if (r0.status !== 200) { console.log(who, path, r0.status, (await r0.text()).slice(0, 200)); continue; }
    const bare = await runLoad({ url: `${base}/healthz`, connections: 50, seconds: 3 });
    await runLoad({ url: base + path, headers, connections: 10, seconds: 1 });
    const l = await runLoad({ url: base + path, headers, connections: 50, seconds: 3 });
    console.log(`${who.padEnd(5)} ${path.slice(0, 60).padEnd(60)} p50 ${l.p50.toFixed(1)} p95 ${l.p95.toFixed(1)} ${l.rps.toFixed(0)}/s  bare ${bare.rps.toFixed(0)}/s  ${(100 * l.rps / bare.rps).toFixed(1)}%`);
    await new Promise((r) => setTimeout(r, 1000));
  }
} finally { server.kill('SIGTERM'); }
