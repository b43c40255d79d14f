import { createHash } from 'node:crypto';
import { createReadStream, existsSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { z } from 'zod';
import { LOCK_FILE, lockDataDir } from '../db/data-dir-lock.js';
import { pgliteExtensions } from '../db/client.js';
import { openConfiguredDatabase } from '../db/open.js';
import type { S3Location } from '../config/storage-url.js';
import { bucketNames, downloadBucket, uploadToBucket } from './bucket-files.js';
import { FIXED_RE } from '../lib/storage/storage.js';
import { apiPath } from '../lib/api-root.js';

/**
 * `npm run cli -- backup [--out FILE]` and `restore --in FILE [--force]`.
 *
 * One .tar.gz: `manifest.json` first, then `database/pgdata.tar` (PGlite's own consistent
 * `dumpDataDir`, taken with the database open in this process, never a copy of files a live
 * process writes), then `data/…`: uploads and certificates (`files/`), the mail outbox and the
 * generated `jwt-secret` (access tokens and invoice links are signed with it). The manifest
 * names the format, the creation time, the applied migrations, the row count of every table
 * and the size and SHA-256 of every file, so a restore checks all of it before it touches
 * DATA_DIR. With DATABASE_URL the PostgreSQL database is not in the archive (pg_dump it).
 * With STORAGE_URL the files are the bucket's objects (under its prefix), archived as
 * `data/files/…` exactly like files on disk, and a restore puts them back into the bucket.
 */
export const FORMAT = 'eo-dashboard-backup';
export const FORMAT_VERSION = 1;
/** What a backup takes from DATA_DIR besides the database. */
const DATA_ENTRIES = ['files', 'outbox', 'jwt-secret'];
const DB_ENTRY = 'database/pgdata.tar';
const migrationsJournal = apiPath('src/db/migrations/meta/_journal.json');

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'not-included']),
  schema: z.object({ migrations: z.number().int(), latest: z.string().nullable() }),
  counts: z.record(z.string(), z.number().int()),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface Storage { dataDir: string; databaseUrl?: string; s3?: S3Location }

export const PG_DUMP_NOTE =
  'DATABASE_URL is set: the PostgreSQL database is NOT in this archive, only the files under DATA_DIR. ' +
  'Back the database up on its server with pg_dump (e.g. `pg_dump -Fc "$DATABASE_URL" > eo.dump`, restored with pg_restore).';

function journalTags(): { when: number; tag: string }[] {
  return (JSON.parse(readFileSync(migrationsJournal, 'utf8')) as { entries: { when: number; tag: string }[] }).entries;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Regular files under `dir` (recursively), as paths relative to `base` with forward slashes. */
async function listFiles(base: string, rel: string): Promise<string[]> {
  const full = path.join(base, rel);
  const s = await stat(full).catch(() => null);
  if (!s) return [];
  if (s.isFile()) return [rel];
  if (!s.isDirectory()) return [];
  const out: string[] = [];
  for (const entry of await readdir(full, { withFileTypes: true })) {
    if (entry.isDirectory() || entry.isFile()) out.push(...(await listFiles(base, `${rel}/${entry.name}`)));
  }
  return out;
}

async function describeFiles(base: string, rels: string[]) {
  const files: Manifest['files'] = [];
  for (const rel of rels) {
    const full = path.join(base, rel);
    files.push({ path: rel, size: statSync(full).size, sha256: await sha256(full) });
  }
  return files;
}

/** Row count of every table, keyed `schema.table` (drizzle's migrations table included). */
export async function countRows(client: Pick<PGlite, 'query'>): Promise<Record<string, number>> {
  const tables = await client.query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { s, t } of tables.rows) {
    const q = (id: string) => `"${id.replaceAll('"', '""')}"`;
    const res = await client.query<{ n: number }>(`select count(*)::int as n from ${q(s)}.${q(t)}`);
    counts[`${s}.${t}`] = res.rows[0].n;
  }
  return counts;
}

async function appliedMigrations(client: Pick<PGlite, 'query'>): Promise<Manifest['schema']> {
  const rows = await client
    .query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at')
    .then((r) => r.rows, () => []);
  const last = rows.at(-1);
  const latest = last ? (journalTags().find((e) => e.when === Number(last.created_at))?.tag ?? `unknown-${last.created_at}`) : null;
  return { migrations: rows.length, latest };
}

function defaultOut(now: Date) {
  return path.resolve(`eo-backup-${now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z')}.tar.gz`);
}

export async function backup(storage: Storage, opts: { out?: string; now?: Date } = {}): Promise<{ out: string; manifest: Manifest; lines: string[] }> {
  const now = opts.now ?? new Date();
  const out = path.resolve(opts.out ?? defaultOut(now));
  if (existsSync(out)) throw new Error(`${out} already exists: choose another --out`);
  const lines: string[] = [];
  const { dataDir } = storage;
  const embedded = !storage.databaseUrl;
  if (embedded && !existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${dataDir}/pg: nothing to back up (is DATA_DIR right?)`);
  }
  if (!embedded) lines.push(PG_DUMP_NOTE);

  const staging = await mkdtemp(path.join(tmpdir(), 'eo-backup-'));
  try {
    let counts: Record<string, number> = {};
    let schema: Manifest['schema'] = { migrations: 0, latest: null };
    // The database is opened (and DATA_DIR locked) for the whole backup: no server can start
    // and change the files while they are read, and a running server makes this fail clearly.
    const database = embedded ? await openConfiguredDatabase(storage) : null;
    try {
      if (database) {
        const client = database.pglite!;
        counts = await countRows(client);
        schema = await appliedMigrations(client);
        const dump = await client.dumpDataDir('none');
        await mkdir(path.join(staging, 'database'));
        await writeFile(path.join(staging, DB_ENTRY), Buffer.from(await dump.arrayBuffer()));
      }
      // On disk, `data` points at DATA_DIR, so the archive's names are `data/files/…` without
      // copying anything; with a bucket, `data` is a folder of the bucket's objects beside a copy
      // of the outbox and the secret.
      const dataRoot = path.join(staging, 'data');
      let bucketLine: string | undefined;
      if (storage.s3) {
        await mkdir(dataRoot);
        for (const e of DATA_ENTRIES.filter((e) => e !== 'files' && existsSync(path.join(dataDir, e)))) {
          await cp(path.join(dataDir, e), path.join(dataRoot, e), { recursive: true });
        }
        const { count, skipped } = await downloadBucket(storage.s3, path.join(dataRoot, 'files'));
        bucketLine = `  bucket: ${count} objects${skipped.length ? `; left out (not names this app writes): ${skipped.join(', ')}` : ''}`;
      } else {
        await symlink(dataDir, dataRoot, 'dir');
      }
      const dataFiles = await listFilesOfDataDir(dataRoot);
      const files = [
        ...(database ? await describeFiles(staging, [DB_ENTRY]) : []),
        ...(await describeFiles(staging, dataFiles)),
      ];
      const manifest: Manifest = {
        format: FORMAT, formatVersion: FORMAT_VERSION, createdAt: now.toISOString(),
        database: embedded ? 'pglite' : 'not-included', schema, counts, files,
      };
      await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
      const entries = ['manifest.json', ...(database ? [DB_ENTRY] : []), ...DATA_ENTRIES.filter((e) => existsSync(path.join(dataRoot, e))).map((e) => `data/${e}`)];
      await mkdir(path.dirname(out), { recursive: true });
      await tar.c({ gzip: true, file: `${out}.part`, cwd: staging, portable: true }, entries);
      await rename(`${out}.part`, out);
      const bytes = files.reduce((sum, f) => sum + f.size, 0);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      lines.push(
        `backup written to ${out} (${(statSync(out).size / 1e6).toFixed(1)} MB)`,
        embedded
          ? `  database: ${Object.keys(counts).length} tables, ${rows} rows, ${schema.migrations} migrations (latest ${schema.latest})`
          : '  database: not included (DATABASE_URL)',
        `  files: ${dataFiles.length} (${(bytes / 1e6).toFixed(1)} MB with the database dump)`,
      );
      if (bucketLine) lines.push(bucketLine);
      return { out, manifest, lines };
    } finally {
      await database?.close();
    }
  } catch (err) {
    await rm(`${out}.part`, { force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function listFilesOfDataDir(dataDir: string): Promise<string[]> {
  const all: string[] = [];
  for (const entry of DATA_ENTRIES) all.push(...(await listFiles(dataDir, entry)));
  return all.map((rel) => `data/${rel}`);
}

export class BadArchiveError extends Error {}

/** Extracts and checks an archive into `dir`: its manifest, every file's size and SHA-256, the schema version. */
async function unpack(file: string, dir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BadArchiveError(`${file}: no such file`);
  try {
    await tar.x({
      file, cwd: dir, strict: true,
      // Only plain files and folders in the three places a backup writes; no links, no devices.
      filter: (p, entry) => {
        const type = (entry as { type?: string }).type;
        return (type === 'File' || type === 'Directory') && /^(manifest\.json$|database\/|data\/)/.test(p);
      },
    });
  } catch (err) {
    throw new BadArchiveError(`${file} is not a readable backup archive (${(err as Error).message}); nothing was restored`);
  }
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new BadArchiveError(`${file} is not an EO Dashboard backup (it has no manifest.json); nothing was restored`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch {
    throw new BadArchiveError(`${file} is not an EO Dashboard backup (its manifest.json is not one); nothing was restored`);
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BadArchiveError(`${file} has backup format ${manifest.formatVersion}, this version of the app reads up to ${FORMAT_VERSION}: restore it with a newer version`);
  }
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!f.path.startsWith('data/') && f.path !== DB_ENTRY) throw new BadArchiveError(`${file}: unexpected entry ${f.path} in the manifest`);
    if (!existsSync(full) || statSync(full).size !== f.size || (await sha256(full)) !== f.sha256) {
      throw new BadArchiveError(`${file} is damaged: ${f.path} is missing or does not match its checksum; nothing was restored`);
    }
  }
  if (manifest.database === 'pglite' && !existsSync(path.join(dir, DB_ENTRY))) throw new BadArchiveError(`${file} is damaged: ${DB_ENTRY} is missing`);
  const known = journalTags().map((e) => e.tag);
  if (manifest.schema.latest && !known.includes(manifest.schema.latest)) {
    throw new BadArchiveError(`${file} was made by a newer version of the app (migration ${manifest.schema.latest} is unknown here): restore it with that version`);
  }
  return manifest;
}

export async function restore(storage: Storage, opts: { in: string; force?: boolean }): Promise<{ manifest: Manifest; lines: string[] }> {
  const { dataDir } = storage;
  const file = path.resolve(opts.in);
  if (!existsSync(file)) throw new BadArchiveError(`${file}: no such file`);
  const release = lockDataDir(dataDir);
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  try {
    const existing = (await readdir(dataDir)).filter((e) => e !== LOCK_FILE && !e.startsWith('.restore-'));
    if (existing.length && !opts.force) {
      throw new Error(`DATA_DIR ${dataDir} is not empty (${existing.join(', ')}): a restore would replace it. Pass --force to replace its contents, or choose an empty DATA_DIR.`);
    }
    if (storage.s3 && !opts.force) {
      const held = await bucketNames(storage.s3);
      if (held.length) throw new Error(`The bucket of STORAGE_URL already holds ${held.length} files (e.g. ${held[0]}): a restore would replace them. Pass --force to replace its contents, or choose an empty bucket or prefix.`);
    }
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    const manifest = await unpack(file, staging);
    if (manifest.database === 'pglite' && storage.databaseUrl) {
      throw new Error('This archive holds an embedded database but DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR/pg (or restore your pg_dump into the server).');
    }
    const lines: string[] = [];
    if (manifest.database === 'pglite') {
      // Loaded beside DATA_DIR first and its row counts compared with the manifest, so a bad
      // dump never replaces anything.
      const pg = await PGlite.create({ dataDir: path.join(staging, 'pg'), loadDataDir: await openAsBlob(path.join(staging, DB_ENTRY)), extensions: await pgliteExtensions() });
      try {
        const counts = await countRows(pg);
        const differ = Object.keys({ ...counts, ...manifest.counts }).filter((t) => counts[t] !== manifest.counts[t]);
        if (differ.length) throw new BadArchiveError(`${file}: the restored database does not match the manifest (${differ.join(', ')}); nothing was restored`);
      } finally {
        await pg.close();
      }
    } else {
      lines.push('This archive holds no database (it was made with DATABASE_URL): restore the PostgreSQL database from its pg_dump.');
    }
    let bucketLine: string | undefined;
    if (storage.s3) {
      // The files go to the bucket (before DATA_DIR is touched, so a refused upload replaces nothing).
      const names = manifest.files.filter((f) => f.path.startsWith('data/files/')).map((f) => f.path.slice('data/files/'.length));
      const bad = names.find((n) => !FIXED_RE.test(n));
      if (bad) throw new BadArchiveError(`${file}: data/files/${bad} is not a name this app stores; nothing was restored`);
      const done = await uploadToBucket(storage.s3, path.join(staging, 'data', 'files'), names, Boolean(opts.force));
      await rm(path.join(staging, 'data', 'files'), { recursive: true, force: true });
      bucketLine = `  bucket: ${done.uploaded} files uploaded to ${done.where}${done.removed ? `, ${done.removed} it held that the archive does not removed` : ''}`;
    }
    for (const entry of existing) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    if (manifest.database === 'pglite') await rename(path.join(staging, 'pg'), path.join(dataDir, 'pg'));
    if (existsSync(path.join(staging, 'data'))) {
      for (const entry of await readdir(path.join(staging, 'data'))) await rename(path.join(staging, 'data', entry), path.join(dataDir, entry));
    }
    const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
    lines.unshift(
      `restored ${file} (made ${manifest.createdAt}) into ${dataDir}${existing.length ? ' (previous contents replaced)' : ''}`,
      manifest.database === 'pglite'
        ? `  database: ${Object.keys(manifest.counts).length} tables, ${rows} rows checked against the manifest, ${manifest.schema.migrations} migrations (latest ${manifest.schema.latest}); newer migrations run on the next start`
        : '  database: not in the archive',
      `  files: ${manifest.files.filter((f) => f.path.startsWith('data/')).length} checked against their SHA-256`,
    );
    if (bucketLine) lines.push(bucketLine);
    return { manifest, lines };
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

export const BACKUP_USAGE = `  backup [--out FILE]          one .tar.gz of DATA_DIR: embedded database (consistent dump), files (the bucket's with STORAGE_URL), outbox, jwt secret
  restore --in FILE [--force]  into an empty DATA_DIR and bucket (--force replaces their contents); stop the server first`;

/** The `backup` and `restore` commands; they open the database themselves (or not at all). */
export async function runBackupCommand(argv: string[], storage: Storage): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, in: { type: 'string' }, force: { type: 'boolean' } } });
  if (command === 'backup') return (await backup(storage, { out: values.out })).lines.join('\n');
  if (command === 'restore') {
    if (!values.in) throw new Error(`Usage:\n${BACKUP_USAGE}`);
    return (await restore(storage, { in: values.in, force: values.force })).lines.join('\n');
  }
  throw new Error(`Usage:\n${BACKUP_USAGE}`);
}
