import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const NAME_RE = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|csv)$/;

/**
 * Files on disk under one root. Names are generated (`YYYY/MM/<uuid>.<ext>`), never taken from
 * the client, and a path is only resolved when it has exactly that shape, so nothing outside
 * the root can be reached.
 */
export class FileStorage {
  constructor(readonly root: string) {}

  async save(data: Buffer, ext: 'png' | 'jpg' | 'csv', now = new Date()): Promise<string> {
    const rel = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
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
}
