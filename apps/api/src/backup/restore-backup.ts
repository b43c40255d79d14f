import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATION_LOCK } from '../db/client.js';
import { BadArchiveError, RestoreRefusedError, type Manifest } from './archive-manifest.js';
import { contentsOf } from './database-catalog.js';
import { checkFileTargets, placeDataFiles, type FileLocation } from './data-files.js';
import { loadDatabase } from './load-database.js';
import { withClient, withPool, type DatabaseTarget } from './pg-target.js';
import { readArchive } from './read-archive.js';

export interface RestoreResult { manifest: Manifest; lines: string[] }

async function refuseNonEmpty(client: pg.ClientBase) {
  const held = await contentsOf(client);
  if (held.length) {
    throw new RestoreRefusedError(
      `The target database is not empty (it holds ${held.join(' and ')}): a restore loads into an empty database only. ` +
        'Create a new, empty database and restore into it; nothing was restored.',
    );
  }
}

/**
 * Restores the archive `opts.in` into an EMPTY database and the file storage of `files`.
 * Everything that can be checked is checked before anything is written: the target database is
 * empty, DATA_DIR and the bucket hold none of the files (unless `force`, which replaces the files,
 * never a database), the archive is whole (archive-manifest.ts). Then the database (load-database.ts),
 * then the files. The app's migration lock is held throughout, so a server starting on the same
 * database waits and then finds it restored.
 */
export async function restoreBackup(database: DatabaseTarget, files: FileLocation, opts: { in: string; force?: boolean }): Promise<RestoreResult> {
  const file = path.resolve(opts.in);
  if (!existsSync(file)) throw new BadArchiveError(`${file}: no such file`);
  const force = Boolean(opts.force);
  return withPool(database, (pool) => withClient(pool, async (client) => {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await refuseNonEmpty(client);
      const replaced = await checkFileTargets(files, force);
      // Unpacked inside DATA_DIR, so that the files are renamed into place, not copied.
      await mkdir(files.dataDir, { recursive: true });
      const staging = await mkdtemp(path.join(files.dataDir, '.restore-'));
      try {
        const manifest = await readArchive(file, staging);
        const loaded = await loadDatabase(client, manifest, staging);
        const paths = manifest.files.map((f) => f.path);
        const bucketLine = await placeDataFiles(files, path.join(staging, 'data'), paths, replaced, force);
        const lines = [
          `restored ${file} (made ${manifest.createdAt})`,
          `  database: ${manifest.tables.length} tables, ${loaded.rows} rows loaded at migration ${manifest.schema.tag} in one transaction (${loaded.triggers}), ` +
            `counts and checksums as in the manifest; now at ${loaded.current.tag} (${loaded.newer} newer migrations run)`,
          `  files: ${paths.length} checked against their SHA-256, into ${files.s3 ? 'the bucket and ' : ''}${files.dataDir}${replaced.length ? ` (replacing its ${replaced.join(', ')})` : ''}`,
        ];
        if (bucketLine) lines.push(bucketLine);
        return { manifest, lines };
      } finally {
        await rm(staging, { recursive: true, force: true, maxRetries: 3 });
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  }));
}
