import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';

/**
 * A backup is one gzipped tar:
 *
 *   manifest.json            this schema, first
 *   database/<table>.copy    every table of schema public, as `COPY … TO STDOUT` wrote it (text format)
 *   data/files/…             uploads and certificates (DATA_DIR/files, or the bucket's objects)
 *   data/outbox/…            the mail outbox
 *   data/jwt-secret          the generated JWT secret, when there is one
 *
 * The manifest names the schema the tables were taken at (the last migration applied, as drizzle
 * recorded it), each table's columns, rows, size and SHA-256, the sequences, and the size and
 * SHA-256 of every file, so that a restore checks everything before it writes anything.
 */
export const FORMAT = 'eo-dashboard-backup';
export const FORMAT_VERSION = 2;
export const MANIFEST = 'manifest.json';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const entry = { path: z.string(), size: z.number().int().min(0), sha256: sha256Hex };

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  /** `server_version` of the PostgreSQL server the backup was taken from. */
  postgres: z.string(),
  /** The last migration applied, as in `drizzle.__drizzle_migrations` (createdAt is drizzle's `created_at`). */
  schema: z.object({ idx: z.number().int().min(0), tag: z.string(), hash: sha256Hex, createdAt: z.number().int() }),
  /** In load order: a table comes after the tables its foreign keys name. */
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1), rows: z.number().int().min(0), ...entry })),
  /** Every sequence of schema public; one owned by a column (`table.column`) is set from that column's maximum on restore. */
  sequences: z.array(z.object({ name: z.string().min(1), ownedBy: z.string().nullable(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  files: z.array(z.object(entry)),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];

/** Where a table's rows are in the archive. */
export const tableEntry = (table: string) => `database/${encodeURIComponent(table)}.copy`;

/** The archive is not a backup this version can restore, or it is damaged: nothing was written. */
export class BadArchiveError extends Error {}

/** The target is not one a restore writes into (a database that is not empty, files already there): nothing was written. */
export class RestoreRefusedError extends Error {}

export async function sha256File(file: string): Promise<{ sha256: string; size: number; newlines: number }> {
  const hash = createHash('sha256');
  let size = 0;
  let newlines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  }
  return { sha256: hash.digest('hex'), size, newlines };
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
