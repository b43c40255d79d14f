import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../../../test/s3-server.js';
import { parseStorageUrl } from '../../config/storage-url.js';
import { DiskStore } from './disk-store.js';
import { S3Store } from './s3-store.js';
import type { FileStore, StoredFile } from './storage.js';

/**
 * One contract, two stores: every operation the app uses behaves the same on the disk and on
 * a real S3-protocol server (s3rver, started here), keys under a prefix.
 */
const read = async (file: StoredFile | null) => (file ? buffer(file.stream) : null);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const NOW = new Date(Date.UTC(2026, 10, 24));

let s3: S3TestServer;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server({ prefix: 'tenant-a/files' });
});
afterAll(async () => {
  await s3?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eo-store-'));
    dirs.push(dir);
    return new DiskStore(dir);
  }],
  ['s3', () => new S3Store(parseStorageUrl(s3.url, S3RVER_CREDENTIALS).location!)],
];

describe.each(stores)('file store contract: %s', (kind, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store.close());

  it('saves under a generated name and gives the exact bytes back; removes (twice is fine)', async () => {
    expect(store.kind).toBe(kind);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const rel = await store.save(bytes, 'png', NOW);
    expect(rel).toMatch(/^2026\/11\/[0-9a-f-]{36}\.png$/);
    const file = await store.open(rel);
    expect(file?.size).toBe(256);
    expect((await read(file))!.equals(bytes)).toBe(true);
    expect(await store.remove(rel)).toBe(true);
    expect(await store.open(rel)).toBeNull();
    expect(await store.remove(rel)).toBe(true);
  });

  it('private names live under private/ and never collide', async () => {
    const a = await store.save(Buffer.from('Nama,Email\n'), 'csv', NOW, { private: true });
    const b = await store.save(Buffer.from('Nama,Email\n'), 'csv', NOW, { private: true });
    expect(a).toMatch(/^private\/2026\/11\/[0-9a-f-]{36}\.csv$/);
    expect(a).not.toBe(b);
    expect((await read(await store.open(a)))!.toString()).toBe('Nama,Email\n');
  });

  it('a missing file is null, a malformed name is refused without touching the store', async () => {
    expect(await store.open('2026/11/00000000-0000-0000-0000-000000000000.png')).toBeNull();
    for (const bad of ['../etc/passwd', '2026/11/poster.png', 'certificates/c1/CERT-1.pdf', '/2026/11/x.png', '2026/11/00000000-0000-0000-0000-000000000000.exe']) {
      expect(await store.open(bad), bad).toBeNull();
      expect(await store.remove(bad), bad).toBe(false);
    }
    for (const bad of ['../x.pdf', 'certificates/../../x.pdf', '.hidden/x.pdf', 'a//b.pdf', '', 'a/b/c/d/e/f/g/h/i.pdf']) {
      await expect(store.putAt(bad, Buffer.from('x')), bad).rejects.toThrow('Invalid storage path');
      await expect(store.sizeAt(bad), bad).rejects.toThrow('Invalid storage path');
      await expect(store.openAt(bad), bad).rejects.toThrow('Invalid storage path');
    }
  });

  it('deterministic paths: put, replace, size, open; missing is null; nothing left to clean up', async () => {
    const rel = `certificates/${kind}-c1/CERT-2026-001.pdf`;
    expect(await store.sizeAt(rel)).toBeNull();
    expect(await store.openAt(rel)).toBeNull();
    await store.putAt(rel, Buffer.from('%PDF-one'));
    await store.putAt(rel, Buffer.from('%PDF-second'));
    expect(await store.sizeAt(rel)).toBe(11);
    const file = await store.openAt(rel);
    expect(file?.size).toBe(11);
    expect((await read(file))!.toString()).toBe('%PDF-second');
    expect(await store.removePartFiles(`certificates/${kind}-c1`)).toBe(0);
    expect(await store.removePartFiles(`certificates/${kind}-none`)).toBe(0);
    // A deterministic path is not a generated name: never served by the public route.
    expect(await store.open(rel)).toBeNull();
  });

  it('streams a 6 MB file in chunks, byte for byte', async () => {
    const big = randomBytes(6 * 1024 * 1024);
    const rel = await store.save(big, 'pdf', NOW, { private: true });
    const file = (await store.open(rel))!;
    expect(file.size).toBe(big.length);
    let chunks = 0;
    const hash = createHash('sha256');
    for await (const chunk of file.stream) {
      chunks++;
      hash.update(chunk as Buffer);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(hash.digest('hex')).toBe(sha(big));
  });
});

describe('S3 specifics', () => {
  it('keeps every object under the STORAGE_URL prefix', async () => {
    const store = new S3Store(parseStorageUrl(s3.url, S3RVER_CREDENTIALS).location!);
    try {
      const rel = await store.save(Buffer.from('x'), 'jpg', NOW);
      const listed = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      expect(listed.Contents?.map((o) => o.Key)).toContain(`tenant-a/files/${rel}`);
      expect(listed.Contents?.every((o) => o.Key!.startsWith('tenant-a/files/'))).toBe(true);
      const names = [];
      for await (const o of store.list()) names.push(o.rel);
      expect(names).toContain(rel);
    } finally {
      await store.close();
    }
  });
});
