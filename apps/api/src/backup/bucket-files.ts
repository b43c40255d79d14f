import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3Location } from '../config/storage-url.js';
import { openStore } from '../lib/storage/open-store.js';
import { S3Store } from '../lib/storage/s3-store.js';
import { FIXED_RE } from '../lib/storage/storage.js';

/** The bucket of STORAGE_URL, checked reachable, for one backup or restore. */
async function withBucket<T>(location: S3Location, work: (store: S3Store) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir: '', s3: location }) as S3Store;
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * Every object under the prefix into `dir`, at its stored name (so `dir/2026/11/<uuid>.png`):
 * a backup archives them as it archives DATA_DIR/files. Keys that are not names this app
 * writes (`..`, hidden, too deep) are left out and named.
 */
export function downloadBucket(location: S3Location, dir: string): Promise<{ count: number; skipped: string[] }> {
  return withBucket(location, async (store) => {
    let count = 0;
    const skipped: string[] = [];
    await mkdir(dir, { recursive: true });
    for await (const { rel } of store.list()) {
      if (!FIXED_RE.test(rel)) {
        skipped.push(rel);
        continue;
      }
      const file = await store.openAt(rel);
      // Removed between the listing and the read: not part of this backup.
      if (!file) continue;
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await pipeline(file.stream, createWriteStream(path.join(dir, rel), { flags: 'wx' }));
      count++;
    }
    return { count, skipped };
  });
}

/** The stored names under the prefix (a restore refuses a bucket that holds some, unless forced). */
export function bucketNames(location: S3Location): Promise<string[]> {
  return withBucket(location, async (store) => {
    const names: string[] = [];
    for await (const { rel } of store.list()) names.push(rel);
    return names;
  });
}

/**
 * Uploads the files of a checked archive (`dir/<name>` for each name) to the bucket, then,
 * when replacing, removes the objects the archive does not hold. Returns what it did.
 */
export function uploadToBucket(location: S3Location, dir: string, names: string[], replace: boolean): Promise<{ uploaded: number; removed: number; where: string }> {
  return withBucket(location, async (store) => {
    for (const rel of names) await store.putAt(rel, await readFile(path.join(dir, rel)));
    let removed = 0;
    if (replace) {
      const keep = new Set(names);
      for await (const { rel } of store.list()) {
        if (keep.has(rel)) continue;
        await store.removeAny(rel);
        removed++;
      }
    }
    return { uploaded: names.length, removed, where: store.describe() };
  });
}
