import { login } from './bench/insight.js';
import { startServer } from './bench/server.js';
const port = 3981;
const server = await startServer({ DATABASE_URL: process.env.URL!, NODE_ENV: 'benchmark', LOGIN_MAX_FAILURES_PER_IP: '100000', JOB_WORKERS: '0' }, port);
const base = `http://127.0.0.1:${port}`;
try {
  const org = await login(base, { email: 'bench7@demo.id', password: 'bench-password' });
  const admin = await login(base, { email: 'bench-admin@demo.id', password: 'bench-password' });
  for (const [who, path] of (process.env.PATHS ?? '').split(',').map((x) => x.split('|'))) {
    const headers = { authorization: `Bearer ${who === 'org' ? org : admin}` };
    const times: number[] = [];
    for (let i = 0; i < 15; i++) { const t0 = performance.now(); await (await fetch(base + path, { headers })).text(); times.push(performance.now() - t0); }
    times.sort((a, b) => a - b);
    console.log(`${who} ${path.slice(0, 70)} median ${times[7].toFixed(1)} ms min ${times[0].toFixed(1)}`);
  }
} finally { server.kill('SIGTERM'); }
