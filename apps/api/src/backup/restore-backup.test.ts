import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksums, cli, query, scratch, serverUrl, tableCounts, written } from '../../test/backup-world.js';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { createEvent, createUsers, PlatformService, registerMany, simpleEvent } from '../../test/fixtures.js';
import { openDatabase } from '../db/client.js';
import { DiskStore } from '../lib/storage/disk-store.js';
import type { Manifest } from './archive-manifest.js';
import { restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

/** Every way a restore refuses (and writes nothing), a load that fails halfway, and a restoring role that is not a superuser. */
const work = mkdtempSync(path.join(tmpdir(), 'eo-restore-test-'));
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const drops: (() => Promise<void>)[] = [];

async function database() {
  const db = await scratch();
  drops.push(db.drop);
  return db;
}

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

describe('restore', () => {
  const src = path.join(work, 'src');
  const archive = path.join(work, 'backup.tar.gz');
  let source: { url: string };
  let manifest: Manifest;

  beforeAll(async () => {
    source = await database();
    const app = await openDatabase({ url: source.url, poolSize: 2 });
    try {
      await app.migrate();
      const ids = await createUsers(app.db);
      await registerMany(app.db, await createEvent(app.db, ids.org1, simpleEvent('Webinar Gratis', { days: 10 })), 4, new Date());
      await registerMany(app.db, await createEvent(app.db, ids.org2, simpleEvent('Kelas Berbayar', { days: 12, price: 50000 })), 3, new Date(), 'b');
      const store = new DiskStore(path.join(src, 'files'));
      await store.save(randomBytes(5000), 'png');
      await store.putAt('certificates/c1/CERT-001.pdf', Buffer.from('%PDF-1.7 certificate'));
      writeFileSync(path.join(src, 'jwt-secret'), 'the-secret-of-this-deployment-0123456789');
      mkdirSync(path.join(src, 'outbox'));
      writeFileSync(path.join(src, 'outbox', 'code.eml'), 'Subject: Kode\r\n\r\n123456\r\n');
    } finally {
      await app.close();
    }
    manifest = (await takeBackup(source.url, { dataDir: src }, { out: archive })).manifest;
  }, 120_000);

  /** The archive unpacked, changed by `change`, packed again as `name`. */
  async function variant(name: string, change: (dir: string, manifest: Manifest) => void): Promise<string> {
    const dir = path.join(work, `unpacked-${name}`);
    mkdirSync(dir);
    await tar.x({ file: archive, cwd: dir });
    const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    change(dir, m);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
    const file = path.join(work, `${name}.tar.gz`);
    await tar.c({ gzip: true, file, cwd: dir }, readdirSync(dir));
    return file;
  }
  const table = (m: Manifest, name: string) => m.tables.find((t) => t.name === name)!;

  it('refuses a damaged, altered or foreign archive, and writes nothing', async () => {
    const garbage = path.join(work, 'garbage.tar.gz');
    writeFileSync(garbage, Buffer.from('this is not an archive at all, just text'.repeat(50)));
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive).subarray(0, Math.floor(readFileSync(archive).length / 2)));
    const foreignDir = path.join(work, 'foreign');
    mkdirSync(foreignDir);
    writeFileSync(path.join(foreignDir, 'notes.txt'), 'hello');
    const foreign = path.join(work, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: foreign, cwd: foreignDir }, ['notes.txt']);
    const registrants = table(manifest, 'registrants');

    const cases: [string, RegExp][] = [
      [path.join(work, 'missing.tar.gz'), /missing\.tar\.gz: no such file/],
      [garbage, /is not a readable backup archive .*nothing was restored/],
      [truncated, /is not a readable backup archive/],
      [foreign, /is not an EO Dashboard backup \(it has no manifest\.json\)/],
      [await variant('format-1', (_d, m) => void (m.formatVersion = 1)), /has backup format 1 .*does not read: restore it with the version that made it/],
      [await variant('format-3', (_d, m) => void (m.formatVersion = 3)), /has backup format 3, this version of the app reads 2/],
      [await variant('no-schema', (_d, m) => void delete (m as Partial<Manifest>).schema), /its manifest\.json is not one: schema/],
      [await variant('altered-rows', (d) => {
        const file = path.join(d, registrants.path);
        writeFileSync(file, readFileSync(file, 'utf8').replace('contoh.id', 'contoh.ID'));
      }), /is damaged: database\/registrants\.copy does not match its checksum; nothing was restored/],
      [await variant('missing-table', (d) => rmSync(path.join(d, registrants.path))), /is damaged: database\/registrants\.copy is missing/],
      [await variant('wrong-count', (_d, m) => void table(m, 'registrants').rows++), new RegExp(`database/registrants\\.copy holds ${registrants.rows} rows, the manifest says ${registrants.rows + 1}`)],
      [await variant('altered-file', (d) => writeFileSync(path.join(d, 'data', 'jwt-secret'), 'someone-else-s-secret-someone-else-s-secret')), /data\/jwt-secret does not match its checksum/],
      [await variant('missing-file', (d) => rmSync(path.join(d, 'data', 'outbox', 'code.eml'))), /data\/outbox\/code\.eml is missing/],
      [await variant('extra-file', (d) => writeFileSync(path.join(d, 'data', 'files', 'certificates', 'c1', 'CERT-002.pdf'), 'x')), /data\/files\/certificates\/c1\/CERT-002\.pdf is not in the manifest/],
      [await variant('outside', (_d, m) => void (m.files[0].path = 'data/../../etc/x')), /the manifest lists an unexpected file "data\/\.\.\/\.\.\/etc\/x"/],
      [await variant('newer-schema', (_d, m) => void Object.assign(m.schema, { idx: 999, tag: '0999_future', createdAt: 4102444800000 })), /made by a newer version of the app \(migration 0999_future is unknown here\)/],
      [await variant('other-schema', (_d, m) => void (m.schema.hash = sha('another migration'))), /taken at a migration .* that differs from this version's/],
    ];
    const target = await database();
    for (const [file, message] of cases) {
      const dataDir = path.join(work, `target-${path.basename(file)}`);
      await expect(restoreBackup(target.url, { dataDir }, { in: file }), file).rejects.toThrow(message);
      expect(await written(target.url), file).toEqual([0, 0]);
      expect(existsSync(dataDir) ? readdirSync(dataDir) : [], file).toEqual([]);
    }
  });

  it('a load that fails halfway restores no row, and says to create the database again', async () => {
    // Whole and consistent as an archive, but the last registrant's row is not one PostgreSQL takes.
    const bad = await variant('bad-row', (d, m) => {
      const t = table(m, 'registrants');
      const file = path.join(d, t.path);
      const text = readFileSync(file, 'utf8').replace(/^[0-9a-f-]{36}\t(?![\s\S]*\n[0-9a-f-]{36}\t)/m, 'not-a-uuid\t');
      writeFileSync(file, text);
      Object.assign(t, { size: Buffer.byteLength(text), sha256: sha(text) });
    });
    const target = await database();
    await expect(restoreBackup(target.url, { dataDir: path.join(work, 'bad-row') }, { in: bad }))
      .rejects.toThrow(/invalid input syntax for type uuid.*No row was restored, but the database now has the schema of migration .*: drop it and create it again/);
    // What the migrations alone put there (a singleton counter row), as on any new database; none of the archive's rows.
    const migrated = await database();
    const fresh = await openDatabase({ url: migrated.url, poolSize: 2 });
    await fresh.migrate().finally(() => fresh.close());
    expect(await tableCounts(target.url)).toEqual(await tableCounts(migrated.url));
    expect(existsSync(path.join(work, 'bad-row', 'jwt-secret'))).toBe(false);
    // Now not empty: a second attempt is refused before anything.
    await expect(restoreBackup(target.url, { dataDir: path.join(work, 'bad-row') }, { in: archive })).rejects.toThrow(/target database is not empty/);
  });

  it('refuses a database that is not empty, whatever it holds', async () => {
    const before = await tableCounts(source.url);
    await expect(restoreBackup(source.url, { dataDir: path.join(work, 'into-source') }, { in: archive }))
      .rejects.toThrow(/The target database is not empty \(it holds \d+ relations in schema public \(.*\) and \d+ applied migrations\): a restore loads into an empty database only/);
    expect(await tableCounts(source.url)).toEqual(before);
    const other = await database();
    await query(other.url, 'create table notes (body text)');
    await expect(restoreBackup(other.url, { dataDir: path.join(work, 'into-other') }, { in: archive }))
      .rejects.toThrow(/not empty \(it holds 1 relation in schema public \(notes\)\)/);
    expect(existsSync(path.join(work, 'into-other'))).toBe(false);
  });

  it('refuses a DATA_DIR that holds files unless --force, which replaces them (and only them)', async () => {
    const dataDir = path.join(work, 'used-data');
    mkdirSync(path.join(dataDir, 'files', '2020', '01'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', '2020', '01', 'old.png'), 'old');
    mkdirSync(path.join(dataDir, 'pg'));
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '15');
    const target = await database();
    await expect(restoreBackup(target.url, { dataDir }, { in: archive })).rejects.toThrow(`DATA_DIR ${dataDir} already holds files: a restore would replace them. Pass --force`);
    expect(await written(target.url)).toEqual([0, 0]);
    const done = await restoreBackup(target.url, { dataDir }, { in: archive, force: true });
    expect(done.lines.join('\n')).toContain(`into ${dataDir} (replacing its files)`);
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'jwt-secret', 'outbox', 'pg']);
    expect(checksums(dataDir)).toEqual(checksums(src));
    expect(await tableCounts(target.url)).toEqual(await tableCounts(source.url));
  });

  it('a backup refuses an existing --out and a database the app never migrated, and leaves no partial archive', async () => {
    await expect(takeBackup(source.url, { dataDir: src }, { out: archive })).rejects.toThrow(`${archive} already exists: choose another --out`);
    const bare = await database();
    const out = path.join(work, 'bare.tar.gz');
    await expect(takeBackup(bare.url, { dataDir: src }, { out })).rejects.toThrow(/Nothing was backed up: the database has no migrations applied/);
    expect(existsSync(out) || existsSync(`${out}.part`)).toBe(false);
    expect(readdirSync(src).filter((e) => e.startsWith('.'))).toEqual([]);
  });

  it('the CLI prints the refusal without a stack and exits 1', async () => {
    const foreign = path.join(work, 'foreign.tar.gz');
    const target = await database();
    const refused = await cli(['restore', '--in', foreign], { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'cli-target') });
    expect(refused.code).toBe(1);
    expect(refused.out.trim()).toBe(`${foreign} is not an EO Dashboard backup (it has no manifest.json); nothing was restored`);
  });

  it('a role that may not set session_replication_role restores with the triggers disabled for the load, and on again after', async () => {
    const role = `eo_restorer_${randomBytes(4).toString('hex')}`;
    const target = await scratch();
    // With a password: the embedded test server asks for one (scram), a trust server ignores it.
    await query(serverUrl, `create role ${role} login password '${role}'`);
    try {
      await query(serverUrl, `alter database ${new URL(target.url).pathname.slice(1)} owner to ${role}`);
      const asRole = new URL(target.url);
      asRole.username = role;
      asRole.password = role;
      const done = await restoreBackup(asRole.toString(), { dataDir: path.join(work, 'as-role') }, { in: archive });
      expect(done.lines.join('\n')).toMatch(/in one transaction \(\d+ triggers disabled for the load\)/);
      expect(await tableCounts(target.url)).toEqual(await tableCounts(source.url));
      expect(await query(target.url, `select tgname from pg_trigger where not tgisinternal and tgenabled <> 'O'`)).toEqual([]);
      const restored = await openDatabase({ url: target.url, poolSize: 2 });
      try {
        expect(await countersOf(restored.db)).toEqual(await factsOf(restored.db));
        // The triggers count again: one more registration moves the counters with the facts.
        const [ticket] = await query<{ id: string; event_id: string }>(target.url, 'select id, event_id from tickets order by price limit 1');
        await new PlatformService(restored.db).register(ticket.event_id, { ticketId: ticket.id, participant: { name: 'Lagi', email: 'lagi@contoh.id', lastEducation: 'S1', gender: 'Perempuan' } });
        expect(await countersOf(restored.db)).toEqual(await factsOf(restored.db));
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
      await query(serverUrl, `drop role ${role}`);
    }
  });
});
