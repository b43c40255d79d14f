import { existsSync } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { S3Location } from '../config/storage-url.js';
import { FIXED_RE } from '../lib/storage/storage.js';
import { bucketNames, downloadBucket, uploadToBucket } from './bucket-files.js';
import { RestoreRefusedError } from './archive-manifest.js';

/** Where the app keeps its files: DATA_DIR, and the bucket of STORAGE_URL for `files/` when set. */
export interface FileLocation { dataDir: string; s3?: S3Location }

/** What a backup takes from DATA_DIR besides the database (with a bucket, `files` are its objects). */
const DATA_ENTRIES = ['files', 'outbox', 'jwt-secret'] as const;
/** The entries kept in DATA_DIR itself: with a bucket, `files/` are its objects instead. */
const entriesOnDisk = (files: FileLocation) => DATA_ENTRIES.filter((e) => !(e === 'files' && files.s3));

/** A name the archive may hold under data/: the secret, or a file of files/ or outbox/ with a name this app writes. */
export function isDataPath(p: string): boolean {
  const m = /^data\/(files|outbox)\/(.+)$/.exec(p);
  return p === 'data/jwt-secret' || (m !== null && FIXED_RE.test(m[2]));
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * `from` (a file or folder) as the same tree under `to`, while the app may be writing: files
 * are hard-linked (the link keeps the bytes of that moment however the app renames or removes
 * the name later), or copied where a link cannot be made. Files being written (`*.part`, renamed
 * into place when complete) and files gone meanwhile are left out.
 */
async function linkTree(from: string, to: string): Promise<void> {
  const s = await lstat(from).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)));
  if (!s) return;
  if (s.isDirectory()) {
    const names = await readdir(from).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
    for (const name of names) await linkTree(path.join(from, name), path.join(to, name));
    return;
  }
  if (!s.isFile() || from.endsWith('.part')) return;
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    if (isMissing(err)) return;
    await copyFile(from, to).catch((again: unknown) => {
      if (!isMissing(again)) throw again;
    });
  }
}

/** Regular files under `dir`, as paths relative to it with forward slashes. */
async function listFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, child)));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/**
 * The files of `files` under `dataRoot` as the archive names them (`files/…`, `outbox/…`,
 * `jwt-secret`): linked from DATA_DIR, or downloaded from the bucket. Names that are not ones
 * this app writes are left out (removed from `dataRoot`) and returned in `skipped`.
 */
export async function stageDataFiles(files: FileLocation, dataRoot: string): Promise<{ paths: string[]; skipped: string[]; bucketObjects?: number }> {
  await mkdir(dataRoot, { recursive: true });
  for (const entry of entriesOnDisk(files)) await linkTree(path.join(files.dataDir, entry), path.join(dataRoot, entry));
  let bucketObjects: number | undefined;
  const skipped: string[] = [];
  if (files.s3) {
    const got = await downloadBucket(files.s3, path.join(dataRoot, 'files'));
    bucketObjects = got.count;
    skipped.push(...got.skipped.map((rel) => `bucket object ${rel}`));
  }
  const paths: string[] = [];
  for (const rel of await listFiles(dataRoot)) {
    if (isDataPath(`data/${rel}`)) {
      paths.push(`data/${rel}`);
    } else {
      skipped.push(`DATA_DIR/${rel}`);
      await rm(path.join(dataRoot, rel));
    }
  }
  return { paths: paths.sort(), skipped, bucketObjects };
}

/** The entries of DATA_DIR a restore would replace (refused unless `replace`); with a bucket, it must be empty unless `replace`. */
export async function checkFileTargets(files: FileLocation, replace: boolean): Promise<string[]> {
  const present = entriesOnDisk(files).filter((e) => existsSync(path.join(files.dataDir, e)));
  if (present.length && !replace) {
    throw new RestoreRefusedError(`DATA_DIR ${files.dataDir} already holds ${present.join(', ')}: a restore would replace them. Pass --force to replace them, or choose another DATA_DIR.`);
  }
  if (files.s3 && !replace) {
    const held = await bucketNames(files.s3);
    if (held.length) {
      throw new RestoreRefusedError(`The bucket of STORAGE_URL already holds ${held.length} files (e.g. ${held[0]}): a restore would replace them. Pass --force to replace its contents, or choose an empty bucket or prefix.`);
    }
  }
  return present;
}

/**
 * Puts a checked archive's files (unpacked under `stagedData`, inside DATA_DIR) in place: the
 * `files/` into the bucket when there is one, the rest into DATA_DIR by renaming, after removing
 * the entries `replaced` (checkFileTargets) names. Returns a line saying what went to the bucket.
 */
export async function placeDataFiles(files: FileLocation, stagedData: string, paths: string[], replaced: string[], replace: boolean): Promise<string | undefined> {
  let bucketLine: string | undefined;
  if (files.s3) {
    const names = paths.filter((p) => p.startsWith('data/files/')).map((p) => p.slice('data/files/'.length));
    const done = await uploadToBucket(files.s3, path.join(stagedData, 'files'), names, replace);
    await rm(path.join(stagedData, 'files'), { recursive: true, force: true });
    bucketLine = `  bucket: ${done.uploaded} files uploaded to ${done.where}${done.removed ? `, ${done.removed} it held that the archive does not removed` : ''}`;
  }
  for (const entry of replaced) await rm(path.join(files.dataDir, entry), { recursive: true, force: true });
  if (existsSync(stagedData)) {
    for (const entry of await readdir(stagedData)) await rename(path.join(stagedData, entry), path.join(files.dataDir, entry));
  }
  return bucketLine;
}
