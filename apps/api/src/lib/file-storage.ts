import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Generated names; `private/` ones (participants' answer files) are never under the public `/files/YYYY/MM/` route. */
const NAME_RE = /^(private\/)?\d{4}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|csv|pdf)$/;
/** A path chosen by our code (`certificates/<id>/<serial>.pdf`): plain segments, none starting with a dot. */
const FIXED_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}){0,7}$/;

/**
 * Files on disk under one root. Names are generated (`YYYY/MM/<uuid>.<ext>`), never taken from
 * the client, and a path is only resolved when it has exactly that shape, so nothing outside
 * the root can be reached.
 */
export class FileStorage {
  constructor(readonly root: string) {}

  async save(data: Buffer, ext: 'png' | 'jpg' | 'csv' | 'pdf', now = new Date(), opts: { private?: boolean } = {}): Promise<string> {
    const rel = `${opts.private ? 'private/' : ''}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
    const full = path.join(this.root, rel);
    await mkdir(path.dirname(full), { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const tmp = `${full}.part`;
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, full);
    return rel;
  }

  /** A read stream of a stored file, or null when the name is malformed or the file missing. */
  async open(rel: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!NAME_RE.test(rel)) return null;
    const full = path.join(this.root, rel);
    try {
      const s = await stat(full);
      return { stream: createReadStream(full), size: s.size };
    } catch {
      return null;
    }
  }

  /** Removes a stored file of a generated name (a missing one is not an error); false when the name is malformed. */
  async remove(rel: string): Promise<boolean> {
    if (!NAME_RE.test(rel)) return false;
    await rm(path.join(this.root, rel), { force: true });
    return true;
  }

  /**
   * Deterministic paths for files our code names itself (a job that runs again finds what it
   * wrote). Never resolved outside the root: plain segments only, no `..`, no hidden names.
   * `open` keeps serving generated names only, so these never become public by accident.
   */
  fixedPath(rel: string): string {
    if (!FIXED_RE.test(rel)) throw new Error(`Invalid storage path: ${JSON.stringify(rel)}`);
    const full = path.resolve(this.root, rel);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage path: ${JSON.stringify(rel)}`);
    return full;
  }

  /** Writes (or replaces) a file at a deterministic path, atomically: a reader sees the old file or the whole new one. */
  async putAt(rel: string, data: Buffer): Promise<void> {
    const full = this.fixedPath(rel);
    await mkdir(path.dirname(full), { recursive: true });
    // A unique aside name: a leftover from a crash never blocks the next attempt.
    const tmp = `${full}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, full);
  }

  /**
   * Removes the aside files (`*.part`) that writes cut off by a crash left in a folder of
   * deterministic paths; returns how many. Only for a folder nobody is writing to any more.
   */
  async removePartFiles(relDir: string): Promise<number> {
    const dir = this.fixedPath(relDir);
    const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [] as string[];
      throw e;
    });
    const parts = names.filter((n) => n.endsWith('.part'));
    await Promise.all(parts.map((n) => rm(path.join(dir, n), { force: true })));
    return parts.length;
  }

  /** Size of a file at a deterministic path, or null when it is not there. */
  async sizeAt(rel: string): Promise<number | null> {
    try {
      return (await stat(this.fixedPath(rel))).size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  /** A read stream of a file at a deterministic path, or null when it is missing. */
  async openAt(rel: string): Promise<{ stream: ReadStream; size: number } | null> {
    const size = await this.sizeAt(rel);
    return size === null ? null : { stream: createReadStream(this.fixedPath(rel)), size };
  }
}
