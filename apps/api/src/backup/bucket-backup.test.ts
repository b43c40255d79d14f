import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratch, tableCounts } from '../../test/backup-world.js';
import { createUsers } from '../../test/fixtures.js';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { parseStorageUrl } from '../config/storage-url.js';
import { openDatabase } from '../db/client.js';
import { S3Store } from '../lib/storage/s3-store.js';
import { restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

/** With STORAGE_URL the files are the bucket's objects: archived as `data/files/…` like the disk's, restored into the bucket. */
const work = mkdtempSync(path.join(tmpdir(), 'eo-bucket-backup-test-'));
const drops: (() => Promise<void>)[] = [];

describe('with STORAGE_URL (a real s3rver)', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'eo/files' });
  });
  afterAll(async () => {
    await s3?.stop();
    for (const drop of drops) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  async function database(migrated: boolean) {
    const db = await scratch();
    drops.push(db.drop);
    if (migrated) {
      const app = await openDatabase({ url: db.url, poolSize: 2 });
      try {
        await app.migrate();
        await createUsers(app.db);
      } finally {
        await app.close();
      }
    }
    return db.url;
  }
  const emptyDir = (name: string) => {
    const dir = path.join(work, name);
    mkdirSync(dir);
    return dir;
  };

  it('archives the bucket as data/files/… like the disk, and restores it into an emptied bucket byte for byte', async () => {
    const location = parseStorageUrl(s3.url, S3RVER_CREDENTIALS).location!;
    const store = new S3Store(location);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const read = async (rel: string) => buffer((await store.openAt(rel))!.stream);
    try {
      const png = randomBytes(300_000);
      const csv = Buffer.from('Nama,Email\nAyu,ayu@contoh.id\n');
      const pdf = Buffer.from('%PDF-1.7 certificate');
      const poster = await store.save(png, 'png');
      const answer = await store.save(csv, 'csv', new Date(), { private: true });
      await store.putAt('certificates/c1/CERT-001.pdf', pdf);
      const dataDir = emptyDir('s3-src');
      writeFileSync(path.join(dataDir, 'jwt-secret'), 'the-secret-of-the-s3-deployment');
      mkdirSync(path.join(dataDir, 'outbox'));
      writeFileSync(path.join(dataDir, 'outbox', 'code.eml'), 'Subject: Kode\r\n\r\n123456\r\n');
      // Files left on disk from before STORAGE_URL are not the app's files any more.
      mkdirSync(path.join(dataDir, 'files', '2020', '01'), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', '2020', '01', 'old.png'), 'old');
      const source = await database(true);
      const out = path.join(work, 's3-backup.tar.gz');

      const made = await takeBackup(source, { dataDir, s3: location }, { out });
      expect(made.lines.join('\n')).toContain('bucket: 3 objects');
      const secret = Buffer.from('the-secret-of-the-s3-deployment');
      const eml = readFileSync(path.join(dataDir, 'outbox', 'code.eml'));
      expect(made.manifest.files).toEqual([
        { path: `data/files/${poster}`, size: png.length, sha256: sha(png) },
        { path: 'data/files/certificates/c1/CERT-001.pdf', size: pdf.length, sha256: sha(pdf) },
        { path: `data/files/${answer}`, size: csv.length, sha256: sha(csv) },
        { path: 'data/jwt-secret', size: secret.length, sha256: sha(secret) },
        { path: 'data/outbox/code.eml', size: eml.length, sha256: sha(eml) },
      ].sort((a, b) => (a.path < b.path ? -1 : 1)));
      const archived: string[] = [];
      await tar.t({ file: out, onReadEntry: (e) => e.type === 'File' && archived.push(e.path) });
      expect(archived.sort()).toEqual([...made.manifest.files.map((f) => f.path), ...made.manifest.tables.map((t) => t.path), 'manifest.json'].sort());

      for await (const { rel } of store.list()) await store.removeAny(rel);
      expect(await store.sizeAt('certificates/c1/CERT-001.pdf')).toBeNull();
      const target = emptyDir('s3-dst');
      const targetDb = await database(false);
      const restored = await restoreBackup(targetDb, { dataDir: target, s3: location }, { in: out });
      expect(restored.lines.join('\n')).toMatch(/bucket: 3 files uploaded to bucket "eo-test-files" \(prefix eo\/files\/\)/);
      expect(await tableCounts(targetDb)).toEqual(await tableCounts(source));
      expect((await read(poster)).equals(png)).toBe(true);
      expect((await read(answer)).equals(csv)).toBe(true);
      expect((await read('certificates/c1/CERT-001.pdf')).equals(pdf)).toBe(true);
      // The files went to the bucket, not into DATA_DIR.
      expect(readdirSync(target).sort()).toEqual(['jwt-secret', 'outbox']);

      // A bucket holding files is replaced only when asked: --force removes what the archive lacks.
      const extra = await store.save(Buffer.from('later upload'), 'png');
      await expect(restoreBackup(await database(false), { dataDir: emptyDir('s3-dst2'), s3: location }, { in: out }))
        .rejects.toThrow(/bucket of STORAGE_URL already holds 4 files.*--force/);
      const forced = await restoreBackup(await database(false), { dataDir: path.join(work, 's3-dst2'), s3: location }, { in: out, force: true });
      expect(forced.lines.join('\n')).toContain('3 files uploaded');
      expect(forced.lines.join('\n')).toContain('1 it held that the archive does not removed');
      expect(await store.open(extra)).toBeNull();
      expect((await read(poster)).equals(png)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
