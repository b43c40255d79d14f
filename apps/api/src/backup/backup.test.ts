import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { parseStorageUrl } from '../config/storage-url.js';
import { LOCK_FILE, lockDataDir } from '../db/data-dir-lock.js';
import { openConfiguredDatabase } from '../db/open.js';
import { DiskStore } from '../lib/storage/disk-store.js';
import { S3Store } from '../lib/storage/s3-store.js';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo-seed.js';
import { backup, countRows, restore } from './backup.js';

/**
 * Backup and restore of an embedded DATA_DIR: the demo organization seeded through the
 * services (users, events, registrants, ledger, uploaded posters), a mail in the outbox, a
 * session; backed up by the real CLI process, restored into a fresh DATA_DIR, compared table
 * by table and file by file.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'eo-backup-test-'));
const src = path.join(work, 'src');
const archive = path.join(work, 'backup.tar.gz');
let token: string;

function configOf(dataDir: string) {
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_WORKERS: '0', WEB_DIST: path.join(work, 'no-web') });
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })));
  return { child, exit, output: () => out };
}

const cli = (args: string[], dataDir: string) => run(['apps/api/src/cli.ts', ...args], { DATA_DIR: dataDir }).exit;

/** SHA-256 of every file a backup carries (uploads, certificates, outbox, jwt secret), by relative path. */
function checksums(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const full = path.join(dataDir, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const e of readdirSync(full)) walk(`${rel}/${e}`);
    else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  };
  for (const e of ['files', 'outbox', 'jwt-secret']) walk(e);
  return out;
}

async function rowCounts(dataDir: string) {
  const database = await openConfiguredDatabase({ dataDir });
  try {
    return await countRows(database.pglite!);
  } finally {
    await database.close();
  }
}

const emptyDir = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir);
  return dir;
};


afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of an embedded DATA_DIR', () => {
  beforeAll(async () => {
    const config = configOf(src);
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      await seedDemo(database.db, new DiskStore(path.join(src, 'files')));
      mkdirSync(path.join(src, 'outbox'));
      writeFileSync(path.join(src, 'outbox', 'code.eml'), 'Subject: Kode verifikasi\r\n\r\n123456\r\n');
      mkdirSync(path.join(src, 'files', 'certificates', 'c1'), { recursive: true });
      writeFileSync(path.join(src, 'files', 'certificates', 'c1', 'CERT-001.pdf'), Buffer.from('%PDF-1.7 not really'));
      const app = await buildApp({ config, database, logger: false });
      const res = await app.inject({ method: 'POST', url: '/v1/login/email', payload: { email: 'organizer@demo.id', password: DEMO_PASSWORD } });
      token = res.json().data.tokenData.token;
      await app.close();
    } finally {
      await database.close();
    }
  }, 300_000);

  it('round trip: the CLI backs up, a fresh DATA_DIR gets every row and file back, and a token issued before still works', async () => {
    const { code, out } = await cli(['backup', '--out', archive], src);
    expect(out).toContain(`backup written to ${archive}`);
    expect(code).toBe(0);
    expect(existsSync(path.join(src, LOCK_FILE))).toBe(false);

    const dst = path.join(work, 'dst');
    const restored = await restore({ dataDir: dst }, { in: archive });
    expect(restored.lines[0]).toContain(`into ${dst}`);

    const before = await rowCounts(src);
    const after = await rowCounts(dst);
    expect(after).toEqual(before);
    expect(restored.manifest.counts).toEqual(before);
    expect(before['public.users']).toBeGreaterThanOrEqual(4);
    expect(before['public.events']).toBeGreaterThan(0);
    expect(before['public.auth_sessions']).toBeGreaterThan(0);
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThan(8);
    expect(restored.manifest.schema.migrations).toBe(before['drizzle.__drizzle_migrations']);

    const files = checksums(src);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['jwt-secret', 'outbox/code.eml', 'files/certificates/c1/CERT-001.pdf']));
    expect(Object.keys(files).some((f) => /^files\/\d{4}\/\d{2}\/.+\.(png|jpg)$/.test(f))).toBe(true);
    expect(checksums(dst)).toEqual(files);

    // What `npm start` on the restored DATA_DIR serves: the same secret, sessions and data.
    const config = configOf(dst);
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      const app = await buildApp({ config, database, logger: false });
      const me = await app.inject({ method: 'GET', url: '/v1/roles/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
      const total = await app.inject({ method: 'GET', url: '/v1/events/total', headers: { authorization: `Bearer ${token}` } });
      expect(total.json().data.active).toBeGreaterThan(0);
      await app.close();
    } finally {
      await database.close();
    }
  }, 300_000);

  it('refuses a non-empty DATA_DIR without --force; --force replaces its contents', async () => {
    await expect(restore({ dataDir: src }, { in: archive })).rejects.toThrow(/is not empty .*--force/);
    const old = emptyDir('old');
    writeFileSync(path.join(old, 'stale.txt'), 'x');
    await expect(restore({ dataDir: old }, { in: archive })).rejects.toThrow('Pass --force');
    expect(readdirSync(old)).toEqual(['stale.txt']);
    await restore({ dataDir: old }, { in: archive, force: true });
    expect(readdirSync(old).sort()).toEqual(['files', 'jwt-secret', 'outbox', 'pg']);
    expect(checksums(old)).toEqual(checksums(src));
  }, 300_000);

  it('refuses a corrupt, truncated, tampered or foreign archive with a clear message and writes nothing', async () => {
    const garbage = path.join(work, 'garbage.tar.gz');
    writeFileSync(garbage, Buffer.from('this is not an archive at all, just text'.repeat(50)));
    const truncated = path.join(work, 'truncated.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreignDir = emptyDir('foreign-src');
    writeFileSync(path.join(foreignDir, 'notes.txt'), 'hello');
    const foreign = path.join(work, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: foreign, cwd: foreignDir }, ['notes.txt']);
    // A real backup whose jwt-secret was changed after the manifest was written.
    const unpacked = emptyDir('tamper');
    await tar.x({ file: archive, cwd: unpacked });
    writeFileSync(path.join(unpacked, 'data', 'jwt-secret'), 'someone-else-s-secret-someone-else-s-secret');
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.c({ gzip: true, file: tampered, cwd: unpacked }, ['manifest.json', 'database', 'data']);

    const cases: [string, RegExp][] = [
      [garbage, /is not a readable backup archive .*nothing was restored/],
      [truncated, /is not a readable backup archive/],
      [foreign, /is not an EO Dashboard backup \(it has no manifest\.json\)/],
      [tampered, /is damaged: data\/jwt-secret .*checksum/],
      [path.join(work, 'missing.tar.gz'), /no such file/],
    ];
    await expect(restore({ dataDir: path.join(work, 'target-url'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, { in: archive }))
      .rejects.toThrow(/holds an embedded database but DATABASE_URL is set/);
    for (const [file, message] of cases) {
      const dir = path.join(work, `target-${path.basename(file)}`);
      await expect(restore({ dataDir: dir }, { in: file }), file).rejects.toThrow(message);
      expect(existsSync(dir) ? readdirSync(dir) : [], file).toEqual([]);
    }
    // The same through the CLI: exit code 1 and the message, no stack trace.
    const { code, out } = await cli(['restore', '--in', foreign], path.join(work, 'cli-target'));
    expect(code).toBe(1);
    expect(out.trim()).toBe(`${foreign} is not an EO Dashboard backup (it has no manifest.json); nothing was restored`);
  }, 300_000);

  it('a backup or restore while the server runs on DATA_DIR is refused, saying to stop it first', async () => {
    const port = 3000 + 1000 + Math.floor(Math.random() * 400);
    const server = run(['apps/api/src/server.ts'], { DATA_DIR: src, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', JOB_WORKERS: '0' });
    try {
      let up = false;
      for (let i = 0; i < 240 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
        if (!up) await new Promise((r) => setTimeout(r, 500));
      }
      expect(up, server.output()).toBe(true);
      const pid = server.child.pid;
      const inUse = new RegExp(`DATA_DIR ${src} is in use by process ${pid} \\(.*server\\.ts.*\\).*stop that process first`);
      await expect(backup({ dataDir: src }, { out: path.join(work, 'while-running.tar.gz') })).rejects.toThrow(inUse);
      await expect(restore({ dataDir: src }, { in: archive, force: true })).rejects.toThrow(inUse);
      expect(existsSync(path.join(work, 'while-running.tar.gz'))).toBe(false);
      // The server was not disturbed.
      expect((await fetch(`http://127.0.0.1:${port}/v1/roles/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exit).code).toBe(0);
    }
    // Stopped: the lock is gone and the data can be backed up again.
    expect(existsSync(path.join(src, LOCK_FILE))).toBe(false);
    const release = lockDataDir(src);
    release();
  }, 300_000);
});

describe('the DATA_DIR lock', () => {
  it('refuses a second holder in this process and takes over a lock whose process is gone', () => {
    const dir = emptyDir('lock');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/is in use by process/);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, command: 'server.ts', since: '2026-01-01' }));
    const again = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    again();
  });
});

describe('with DATABASE_URL', () => {
  it('archives the files only and says the database needs pg_dump', async () => {
    const dataDir = emptyDir('server-mode');
    mkdirSync(path.join(dataDir, 'files', '2026', '11'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', '2026', '11', 'poster.png'), 'png bytes');
    const databaseUrl = 'postgres://nobody@127.0.0.1:1/none';
    const out = path.join(work, 'files-only.tar.gz');
    const made = await backup({ dataDir, databaseUrl }, { out });
    expect(made.lines[0]).toMatch(/PostgreSQL database is NOT in this archive.*pg_dump/);
    expect(made.manifest.database).toBe('not-included');
    expect(made.manifest.files.map((f) => f.path)).toEqual(['data/files/2026/11/poster.png']);
    const target = path.join(work, 'server-mode-restored');
    const restored = await restore({ dataDir: target, databaseUrl }, { in: out });
    expect(restored.lines.join('\n')).toContain('restore the PostgreSQL database from its pg_dump');
    expect(readdirSync(target)).toEqual(['files']);
    expect(readFileSync(path.join(target, 'files', '2026', '11', 'poster.png'), 'utf8')).toBe('png bytes');
  });
});

describe('with STORAGE_URL (a real s3rver)', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'eo/files' });
  });
  afterAll(async () => s3?.stop());

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
      const databaseUrl = 'postgres://nobody@127.0.0.1:1/none';
      const out = path.join(work, 's3-backup.tar.gz');

      const made = await backup({ dataDir, databaseUrl, s3: location }, { out });
      expect(made.lines.join('\n')).toContain('bucket: 3 objects');
      const secret = Buffer.from('the-secret-of-the-s3-deployment');
      const eml = readFileSync(path.join(dataDir, 'outbox', 'code.eml'));
      expect([...made.manifest.files].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: `data/files/${poster}`, size: png.length, sha256: sha(png) },
        { path: 'data/files/certificates/c1/CERT-001.pdf', size: pdf.length, sha256: sha(pdf) },
        { path: `data/files/${answer}`, size: csv.length, sha256: sha(csv) },
        { path: 'data/jwt-secret', size: secret.length, sha256: sha(secret) },
        { path: 'data/outbox/code.eml', size: eml.length, sha256: sha(eml) },
      ].sort((a, b) => a.path.localeCompare(b.path)));
      const archived: string[] = [];
      await tar.t({ file: out, onReadEntry: (e) => e.type === 'File' && archived.push(e.path) });
      expect(archived.sort()).toEqual([...made.manifest.files.map((f) => f.path), 'manifest.json'].sort());

      for await (const { rel } of store.list()) await store.removeAny(rel);
      expect(await store.sizeAt('certificates/c1/CERT-001.pdf')).toBeNull();
      const target = emptyDir('s3-dst');
      const restored = await restore({ dataDir: target, databaseUrl, s3: location }, { in: out });
      expect(restored.lines.join('\n')).toMatch(/bucket: 3 files uploaded to bucket "eo-test-files" \(prefix eo\/files\/\)/);
      expect((await read(poster)).equals(png)).toBe(true);
      expect((await read(answer)).equals(csv)).toBe(true);
      expect((await read('certificates/c1/CERT-001.pdf')).equals(pdf)).toBe(true);
      // The files went to the bucket, not into DATA_DIR.
      expect(readdirSync(target).sort()).toEqual(['jwt-secret', 'outbox']);

      // A bucket holding files is replaced only when asked: --force removes what the archive lacks.
      const extra = await store.save(Buffer.from('later upload'), 'png');
      await expect(restore({ dataDir: emptyDir('s3-dst2'), databaseUrl, s3: location }, { in: out })).rejects.toThrow(/bucket of STORAGE_URL already holds 4 files.*--force/);
      const forced = await restore({ dataDir: path.join(work, 's3-dst2'), databaseUrl, s3: location }, { in: out, force: true });
      expect(forced.lines.join('\n')).toContain('3 files uploaded');
      expect(forced.lines.join('\n')).toContain('1 it held that the archive does not removed');
      expect(await store.open(extra)).toBeNull();
      expect((await read(poster)).equals(png)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
