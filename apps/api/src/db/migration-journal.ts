import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { apiPath } from '../lib/api-root.js';

export const MIGRATIONS_FOLDER = apiPath('src/db/migrations');

/**
 * One migration this version of the app ships: its place in drizzle's journal, the `when` that
 * drizzle records as `created_at` in `drizzle.__drizzle_migrations`, and the hash it records
 * beside it (SHA-256 of the SQL file).
 */
export interface KnownMigration { idx: number; tag: string; when: number; hash: string }

interface JournalEntry { idx: number; tag: string; when: number }

function readJournal(folder: string): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
}

/** The migrations of this version, in the order drizzle applies them. */
export function knownMigrations(): KnownMigration[] {
  const { entries } = readJournal(MIGRATIONS_FOLDER);
  // readMigrationFiles walks the same journal in the same order: its hashes are the ones drizzle stores.
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return entries.map((e, i) => ({ idx: e.idx, tag: e.tag, when: e.when, hash: files[i].hash }));
}

/**
 * Runs `migrate` (drizzle's migrator, as the app runs it) on a copy of the migrations folder
 * whose journal ends at migration `lastIdx`: the schema is brought up to exactly that migration.
 * A later run on the full folder applies the rest.
 */
export async function withMigrationsUpTo<T>(lastIdx: number, migrate: (migrationsFolder: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'eo-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journal = readJournal(dir);
    journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
    return await migrate(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
