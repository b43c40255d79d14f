import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes opening one data directory both write to it and
 * corrupt it. Whoever opens the embedded database (the server, the CLI, a backup or restore)
 * first creates `DATA_DIR/pg.lock` naming its process; a second one is refused while that
 * process is alive. A lock left by a process that died (SIGKILL, power cut) is taken over.
 */
export const LOCK_FILE = 'pg.lock';

export interface LockOwner { pid: number; command: string; since: string }

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${owner.pid} (${owner.command}, since ${owner.since}). ` +
        'The embedded database cannot be opened by two processes: stop that process first (e.g. stop the server, ' +
        'run the backup or restore, then start the server again).',
    );
  }
}

/** Locks held by this process: a lock file naming our own pid that is not in here is stale (a restarted container reuses pids). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** The process holding DATA_DIR, or null when nobody (alive) does. */
export function dataDirOwner(dataDir: string): LockOwner | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (held.has(file)) return { pid: process.pid, command: 'this process', since: '' };
  const owner = readOwner(file);
  if (!owner || owner.pid === process.pid || !alive(owner.pid)) return null;
  return owner;
}

/** Takes DATA_DIR for this process; throws DataDirInUseError when a live process holds it. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    command: process.argv.slice(1).map((a) => path.basename(a)).join(' ').slice(0, 200) || 'node',
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = dataDirOwner(dataDir);
      if (owner) throw new DataDirInUseError(dataDir, owner);
      // Taken over once; still there after that: another process won the race.
      if (attempt > 0) throw new DataDirInUseError(dataDir, readOwner(file) ?? { pid: 0, command: 'another process', since: 'now' });
      unlinkSync(file); // stale: its process is gone
    }
  }
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.off('exit', release);
    try {
      if (readOwner(file)?.pid === process.pid) unlinkSync(file);
    } catch { /* already gone */ }
  };
  process.on('exit', release);
  return release;
}
