import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file ready to stream, and its size in bytes. */
export interface StoredFile { stream: Readable; size: number }

export type StoredExt = 'png' | 'jpg' | 'csv' | 'pdf';

/**
 * Where uploads, generated certificates and exports live: a folder on disk (`DiskStore`) or
 * an S3-compatible bucket (`S3Store`, STORAGE_URL). Two kinds of names:
 * - generated ones (`save`/`open`/`remove`): `YYYY/MM/<uuid>.<ext>`, or `private/YYYY/MM/…` for
 *   files never served by the public `/files/` route; never taken from a client;
 * - deterministic ones our code chooses (`putAt`/`openAt`/`sizeAt`), like
 *   `certificates/<id>/<serial>.pdf`, so a job that runs again finds what it wrote.
 * A malformed name is refused (open → null, remove → false, putAt → throws).
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Where the files are, for the startup line and errors (no credentials). */
  describe(): string;
  save(data: Buffer, ext: StoredExt, now?: Date, opts?: { private?: boolean }): Promise<string>;
  /** A stored file of a generated name, or null when the name is malformed or the file missing. */
  open(rel: string): Promise<StoredFile | null>;
  /** Removes a file of a generated name (a missing one is not an error); false when the name is malformed. */
  remove(rel: string): Promise<boolean>;
  /** Writes (or replaces) a file at a deterministic path; a reader sees the old file or the whole new one. */
  putAt(rel: string, data: Buffer): Promise<void>;
  /** Removes what writes cut off by a crash left in a folder of deterministic paths; how many. */
  removePartFiles(relDir: string): Promise<number>;
  /** Size of a file at a deterministic path, or null when it is not there. */
  sizeAt(rel: string): Promise<number | null>;
  /** A file at a deterministic path, or null when it is missing. */
  openAt(rel: string): Promise<StoredFile | null>;
  /** Releases connections (S3); nothing for the disk. */
  close(): Promise<void>;
}

/** Generated names; `private/` ones (participants' answer files) are never under the public `/files/YYYY/MM/` route. */
export const NAME_RE = /^(private\/)?\d{4}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|csv|pdf)$/;
/** A path chosen by our code (`certificates/<id>/<serial>.pdf`): plain segments, none starting with a dot. */
export const FIXED_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}){0,7}$/;

export function generatedName(ext: StoredExt, now: Date, isPrivate = false): string {
  return `${isPrivate ? 'private/' : ''}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
}

/** The deterministic path itself, or a throw when it is not one (never a `..`, never a hidden name). */
export function checkFixedPath(rel: string): string {
  if (!FIXED_RE.test(rel)) throw new Error(`Invalid storage path: ${JSON.stringify(rel)}`);
  return rel;
}

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', csv: 'text/csv', pdf: 'application/pdf' };
