import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The production bundle (apps/api/scripts/build.mjs) for the tests that run real server and CLI
 * processes: the code that ships, started the way `npm run serve` starts it, and a start in about
 * a second of CPU where `--import tsx` spent four compiling the sources. Built once per test
 * worker into apps/api/.tmp (never apps/api/dist, which `npm start` owns, and which an e2e server
 * may be running from while these tests run), where it finds the package root and node_modules
 * as dist/ does.
 */
const api = path.resolve(import.meta.dirname, '..');
const tmp = path.join(api, '.tmp');
let built: string | undefined;

export function bundleDir(): string {
  if (built) return built;
  const dir = path.join(process.env.TEST_BUNDLE_DIR ?? runBundleDir(), String(process.pid));
  const result = spawnSync(process.execPath, [path.join(api, 'scripts/build.mjs'), dir], { encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(path.join(dir, 'server.js'))) throw new Error(`building the API bundle failed:\n${result.stderr}`);
  return (built = dir);
}

/**
 * The folder of this test run's copies (one per worker), named by the process that owns the
 * run: the api project's global setup, which removes it at the end. A killed run's folder stays
 * behind until the next run finds its process gone.
 */
export function runBundleDir(): string {
  mkdirSync(tmp, { recursive: true });
  for (const name of readdirSync(tmp)) {
    const pid = Number(/^bundle-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
  return path.join(tmp, `bundle-${process.pid}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Node's arguments that run one of the bundle's entries, with our source maps as `npm run serve` has them. */
export function bundleArgs(entry: 'server' | 'worker' | 'cli'): string[] {
  const dir = bundleDir();
  return ['--import', path.join(dir, 'source-maps.js'), path.join(dir, `${entry}.js`)];
}
