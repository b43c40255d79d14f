import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkFixedPath, generatedName, NAME_RE, type FileStore, type StoredExt, type StoredFile } from './storage.js';

/**
 * Files on disk under one root (DATA_DIR/files). Names are generated (`YYYY/MM/<uuid>.<ext>`),
 * never taken from the client, and a path is only resolved when it has exactly that shape, so
 * nothing outside the root can be reached.
 */
export class DiskStore implements FileStore {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  describe(): string {
    return this.root;
  }

  async save(data: Buffer, ext: StoredExt, now = new Date(), opts: { private?: boolean } = {}): Promise<string> {
    const rel = generatedName(ext, now, opts.private);
    const full = path.join(this.root, rel);
    await mkdir(path.dirname(full), { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const tmp = `${full}.part`;
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, full);
    return rel;
  }

  async open(rel: string): Promise<StoredFile | null> {
    if (!NAME_RE.test(rel)) return null;
    const full = path.join(this.root, rel);
    try {
      const s = await stat(full);
      return { stream: createReadStream(full), size: s.size };
    } catch {
      return null;
    }
  }

  async remove(rel: string): Promise<boolean> {
    if (!NAME_RE.test(rel)) return false;
    await rm(path.join(this.root, rel), { force: true });
    return true;
  }

  /**
   * The file of a deterministic path. Never resolved outside the root: plain segments only, no
   * `..`, no hidden names. `open` keeps serving generated names only, so these never become
   * public by accident.
   */
  fixedPath(rel: string): string {
    checkFixedPath(rel);
    const full = path.resolve(this.root, rel);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage path: ${JSON.stringify(rel)}`);
    return full;
  }

  async putAt(rel: string, data: Buffer): Promise<void> {
    const full = this.fixedPath(rel);
    await mkdir(path.dirname(full), { recursive: true });
    // A unique aside name: a leftover from a crash never blocks the next attempt.
    const tmp = `${full}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, full);
  }

  /** The aside files (`*.part`) of `putAt`s cut off by a crash. Only for a folder nobody is writing to any more. */
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

  async sizeAt(rel: string): Promise<number | null> {
    try {
      return (await stat(this.fixedPath(rel))).size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async openAt(rel: string): Promise<StoredFile | null> {
    const size = await this.sizeAt(rel);
    return size === null ? null : { stream: createReadStream(this.fixedPath(rel)), size };
  }

  async close(): Promise<void> {}
}
