import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The Node arguments of `npm run serve`: the API bundle and the options it runs with. */
export const SERVE_ARGS = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } })
  .scripts.serve.split(/\s+/).slice(1);

let built = false;
/** Builds the API bundle once per run, from the sources as they are now. */
function buildApi() {
  if (built) return;
  if (spawnSync(process.execPath, ['apps/api/scripts/build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error('the API build failed');
  built = true;
}

/**
 * Starts the API as `npm run serve` runs it (the bundle, built first), as its own Node process (no
 * shell in between: its pid is the server's, for RSS readings), and waits until it answers
 * /readyz. Server mode needs a JWT secret; any will do.
 */
export async function startServer(env: Record<string, string>, port: number, { timeoutMs = 60_000 } = {}): Promise<ChildProcess> {
  // BENCH_SERVER_ARGS: Node options for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const extra = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  buildApi();
  const child = spawn(process.execPath, [...extra, ...SERVE_ARGS], {
    cwd: root,
    env: { JWT_SECRET: randomBytes(32).toString('hex'), ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: env.SEED_DEMO ?? '0', LOG_LEVEL: 'warn' },
    // BENCH_SERVER_STDOUT=1: the server's log (warnings and errors) on the bench's own output.
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}
