import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { bundleArgs } from './api-bundle.js';

/**
 * The real server process (the production bundle, api-bundle.ts) for tests that need
 * what `app.inject` cannot give: signals, SIGKILL at any moment, a restart on the same data,
 * several processes on one database. Each start listens on a port the kernel picks (PORT=0,
 * read back from the startup line), so tests never collide with other servers on the machine.
 */
const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerOptions {
  /** Files, outbox, and (without `databaseUrl`) the embedded PostgreSQL under `pg/`. */
  dataDir: string;
  /** A PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** More environment (JWT_SECRET, PLATFORM_API_KEY, SEED_DEMO, JOB_WORKERS, …). */
  env?: Record<string, string>;
  /** How long to wait for /readyz (a first start seeds the demo organization). */
  readyTimeoutMs?: number;
  /** Node's arguments: the default runs the bundle's server; the deployment test runs its units' own. */
  args?: string[];
}

export interface ServerProcess {
  readonly options: ServerOptions;
  readonly child: ChildProcess;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** From spawn to the first good /readyz. */
  readonly startMs: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (or SIGINT): graceful shutdown; resolves with the exit code. */
  stop(signal?: 'SIGTERM' | 'SIGINT'): Promise<number | null>;
  /** A new process on the same data (this one must have exited). */
  restart(env?: Record<string, string>): Promise<ServerProcess>;
}

const live = new Set<ChildProcess>();
// A test run that dies must not leave servers behind on a shared machine.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns the server and waits until it answers /readyz. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const spawned = Date.now();
  const { child, output, exited, port } = spawnServer(options);
  let readyPort: number;
  try {
    readyPort = await waitReady(port, output, exited, options.readyTimeoutMs ?? 120_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  const base = `http://127.0.0.1:${readyPort}`;
  const server: ServerProcess = {
    options,
    child,
    port: readyPort,
    base,
    startMs: Date.now() - spawned,
    output,
    exited,
    ...controlsOf(child, exited),
    async restart(env) {
      if (child.exitCode === null && child.signalCode === null) throw new Error('restart: the server is still running');
      return startServer(env ? { ...options, env: { ...options.env, ...env } } : options);
    },
  };
  return server;
}

function spawnServer(options: ServerOptions) {
  let out = '';
  const child = spawn(process.execPath, options.args ?? bundleArgs('server'), {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      JOB_WORKERS: '1',
      // The server reads only its own variables; a test's database must not leak into it.
      TEST_DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    live.delete(child);
    resolve(code);
  }));
  let port: number | undefined;
  const onData = (d: Buffer) => {
    out += d;
    port ??= Number(/is running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1]) || undefined;
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return { child, exited, output: () => out, port: () => port };
}

/** A process with no HTTP listener (the worker, apps/api/src/worker.ts): ready once its output matches `ready`. */
export interface BackgroundProcess {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
  kill(): Promise<void>;
  stop(signal?: 'SIGTERM' | 'SIGINT'): Promise<number | null>;
}

export async function startBackgroundProcess(options: ServerOptions & { args: string[]; ready: RegExp }): Promise<BackgroundProcess> {
  const { child, output, exited } = spawnServer(options);
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (!options.ready.test(output())) {
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.args.join(' ')} ${gone ? 'exited' : 'not ready'}:\n${output()}`);
    }
    await sleep(50);
  }
  return {
    child,
    output,
    exited,
    ...controlsOf(child, exited),
  };
}

async function waitReady(port: () => number | undefined, output: () => string, exited: Promise<number | null>, timeoutMs: number): Promise<number> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was ready:\n${output()}`);
    const p = port();
    if (p) {
      try {
        if ((await fetch(`http://127.0.0.1:${p}/readyz`)).ok) return p;
      } catch { /* not answering yet */ }
    }
    await sleep(100);
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

/** A fetch that returns the status and parsed JSON body (or the text when it is not JSON). */
export async function request(base: string, pathname: string, opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(base + pathname, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.body === undefined || opts.body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** Signs in through the API and returns the access token. */
export async function signIn(base: string, email: string, password = 'demo-password'): Promise<string> {
  const res = await request(base, '/v1/login/email', { body: { email, password, platform: 'eo_dashboard' } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.tokenData.token as string;
}

/** SIGKILL and wait, or a signal (SIGTERM by default) and its exit code: both kinds of process. */
function controlsOf(child: ChildProcess, exited: Promise<number | null>) {
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}
