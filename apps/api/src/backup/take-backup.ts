import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import * as tar from 'tar';
import { FORMAT, FORMAT_VERSION, MANIFEST, megabytes, sha256File, tableEntry, type Manifest } from './archive-manifest.js';
import { applicationTables, appliedMigration, publicName, sequencesOf } from './database-catalog.js';
import { stageDataFiles, type FileLocation } from './data-files.js';
import { withClient, withPool, type DatabaseTarget } from './pg-target.js';
import { COPY_SETTINGS, dumpTable } from './table-copy.js';

export interface BackupResult { out: string; manifest: Manifest; lines: string[] }

type DatabasePart = Pick<Manifest, 'postgres' | 'schema' | 'tables' | 'sequences'>;

function defaultOut(now: Date) {
  return path.resolve(`eo-backup-${now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z')}.tar.gz`);
}

/**
 * One snapshot of the database, and the files, while the app runs. Everything is read in one
 * REPEATABLE READ, READ ONLY transaction on one connection: the schema (the last migration
 * applied), the tables and every table's rows see the same committed state, whatever the app
 * commits meanwhile. The tables are locked ACCESS SHARE, as pg_dump does, so that no migration
 * alters one under the backup (reads and writes go on). The files are taken right after the
 * snapshot: every file a snapshot row names was written before its row was committed, so it is
 * there (the app removes a file only after deleting its row, and only for abandoned answers).
 */
async function snapshot(client: pg.ClientBase, files: FileLocation, staging: string) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    for (const setting of COPY_SETTINGS) await client.query(setting);
    const migration = await appliedMigration(client);
    if ('problem' in migration) throw new Error(`Nothing was backed up: ${migration.problem}.`);
    const tables = await applicationTables(client);
    if (tables.length) await client.query(`LOCK TABLE ${tables.map((t) => publicName(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    const staged = await stageDataFiles(files, path.join(staging, 'data'));
    await mkdir(path.join(staging, 'database'));
    const dumped: Manifest['tables'] = [];
    for (const table of tables) {
      const entry = tableEntry(table.name);
      dumped.push({ ...table, path: entry, ...(await dumpTable(client, table, path.join(staging, entry))) });
    }
    const sequences: Manifest['sequences'] = [];
    for (const s of await sequencesOf(client)) {
      const { rows: [state] } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${publicName(s.name)}`);
      sequences.push({ name: s.name, ownedBy: s.ownedBy, lastValue: state.last_value, isCalled: state.is_called });
    }
    const { rows: [server] } = await client.query<{ server_version: string }>('show server_version');
    await client.query('COMMIT');
    const database: DatabasePart = {
      postgres: server.server_version,
      schema: { idx: migration.idx, tag: migration.tag, hash: migration.hash, createdAt: migration.when },
      tables: dumped,
      sequences,
    };
    return { database, staged };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Writes one backup archive (archive-manifest.ts) of the database and the files to `out`
 * (default `./eo-backup-<time>.tar.gz`), which must not exist. The app may keep serving and
 * writing meanwhile.
 */
export async function takeBackup(database: DatabaseTarget, files: FileLocation, opts: { out?: string; now?: Date } = {}): Promise<BackupResult> {
  const now = opts.now ?? new Date();
  const out = path.resolve(opts.out ?? defaultOut(now));
  if (existsSync(out)) throw new Error(`${out} already exists: choose another --out`);
  // Inside DATA_DIR when the files are there, so that they are hard-linked rather than copied.
  const onDisk = !files.s3 && existsSync(files.dataDir);
  const staging = await mkdtemp(onDisk ? path.join(files.dataDir, '.backup-') : path.join(tmpdir(), 'eo-backup-'));
  try {
    const { database: taken, staged } = await withPool(database, (pool) => withClient(pool, (client) => snapshot(client, files, staging)));
    const described: Manifest['files'] = [];
    for (const p of staged.paths) {
      const { size, sha256 } = await sha256File(path.join(staging, p));
      described.push({ path: p, size, sha256 });
    }
    const manifest: Manifest = { format: FORMAT, formatVersion: FORMAT_VERSION, createdAt: now.toISOString(), ...taken, files: described };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(out), { recursive: true });
    await tar.c({ gzip: true, file: `${out}.part`, cwd: staging, portable: true }, [MANIFEST, 'database', 'data']);
    await rename(`${out}.part`, out);

    const rows = taken.tables.reduce((sum, t) => sum + t.rows, 0);
    const lines = [
      `backup written to ${out} (${megabytes(statSync(out).size)})`,
      `  database: ${taken.tables.length} tables, ${rows} rows, one snapshot at migration ${taken.schema.tag} (PostgreSQL ${taken.postgres})`,
      `  files: ${described.length} (${megabytes(described.reduce((sum, f) => sum + f.size, 0))})`,
    ];
    if (staged.bucketObjects !== undefined) lines.push(`  bucket: ${staged.bucketObjects} objects`);
    if (staged.skipped.length) lines.push(`  left out (not names this app writes): ${staged.skipped.join(', ')}`);
    return { out, manifest, lines };
  } catch (err) {
    await rm(`${out}.part`, { force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
