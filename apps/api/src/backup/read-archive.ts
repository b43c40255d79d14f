import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { knownMigrations } from '../db/migration-journal.js';
import { BadArchiveError, FORMAT_VERSION, MANIFEST, manifestSchema, sha256File, tableEntry, type Manifest } from './archive-manifest.js';
import { isDataPath } from './data-files.js';

/** Every regular file under `dir`, relative, with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

function parseManifest(file: string, dir: string): Manifest {
  const manifestFile = path.join(dir, MANIFEST);
  if (!existsSync(manifestFile)) throw new BadArchiveError(`${file} is not an EO Dashboard backup (it has no ${MANIFEST}); nothing was restored`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new BadArchiveError(`${file} is not an EO Dashboard backup (its ${MANIFEST} is not JSON); nothing was restored`);
  }
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new BadArchiveError(`${file} has backup format ${version}, this version of the app reads ${FORMAT_VERSION}: restore it with a newer version; nothing was restored`);
  }
  if (typeof version === 'number' && version < FORMAT_VERSION) {
    throw new BadArchiveError(
      `${file} has backup format ${version} (an embedded database's data directory, not PostgreSQL tables), which this version does not read: ` +
        'restore it with the version that made it, then take a new backup; nothing was restored',
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BadArchiveError(`${file} is not an EO Dashboard backup (its ${MANIFEST} is not one: ${parsed.error.issues[0]?.path.join('.')}); nothing was restored`);
  return parsed.data;
}

/** The archive's schema must be a migration this version ships, byte for byte: the restore recreates it from this version's files. */
function checkSchema(file: string, schema: Manifest['schema']) {
  const known = knownMigrations().find((m) => m.when === schema.createdAt);
  if (!known) throw new BadArchiveError(`${file} was made by a newer version of the app (migration ${schema.tag} is unknown here): restore it with that version; nothing was restored`);
  if (known.tag !== schema.tag || known.idx !== schema.idx || known.hash !== schema.hash) {
    throw new BadArchiveError(`${file} was taken at a migration ${schema.tag} (#${schema.idx}) that differs from this version's ${known.tag} (#${known.idx}): nothing was restored`);
  }
}

/**
 * Unpacks `file` into `dir` and checks all of it before anything is restored: the manifest,
 * the schema, that the archive holds exactly the entries the manifest lists, every entry's size
 * and SHA-256, and every table's row count (one line per row in COPY's text format).
 */
export async function readArchive(file: string, dir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BadArchiveError(`${file}: no such file`);
  // Only plain files and folders in the three places a backup writes; no links, no devices.
  const filter = (p: string, entry: unknown) => {
    const type = (entry as { type?: string }).type;
    return (type === 'File' || type === 'Directory') && /^(manifest\.json$|database\/|data\/)/.test(p);
  };
  try {
    // Read through once before anything is written: a truncated or corrupt archive fails here,
    // instead of halfway through writing its files.
    await tar.t({ file, strict: true });
    await tar.x({ file, cwd: dir, strict: true, filter });
  } catch (err) {
    throw new BadArchiveError(`${file} is not a readable backup archive (${(err as Error).message}); nothing was restored`);
  }
  const manifest = parseManifest(file, dir);
  checkSchema(file, manifest.schema);
  const damaged = (what: string) => new BadArchiveError(`${file} is damaged: ${what}; nothing was restored`);

  const listed = new Set<string>();
  for (const t of manifest.tables) {
    if (t.path !== tableEntry(t.name) || listed.has(t.path)) throw damaged(`the manifest lists table ${JSON.stringify(t.name)} at ${t.path}`);
    listed.add(t.path);
  }
  for (const f of manifest.files) {
    if (!isDataPath(f.path) || listed.has(f.path)) throw damaged(`the manifest lists an unexpected file ${JSON.stringify(f.path)}`);
    listed.add(f.path);
  }
  const present = new Set((await filesUnder(dir)).filter((p) => p !== MANIFEST));
  const extra = [...present].filter((p) => !listed.has(p));
  if (extra.length) throw damaged(`${extra.slice(0, 3).join(', ')} ${extra.length === 1 ? 'is' : 'are'} not in the manifest`);
  for (const entry of [...manifest.tables, ...manifest.files]) {
    if (!present.has(entry.path)) throw damaged(`${entry.path} is missing`);
    const found = await sha256File(path.join(dir, entry.path));
    if (found.size !== entry.size || found.sha256 !== entry.sha256) throw damaged(`${entry.path} does not match its checksum`);
    if ('rows' in entry && found.newlines !== entry.rows) throw damaged(`${entry.path} holds ${found.newlines} rows, the manifest says ${entry.rows}`);
  }
  return manifest;
}
