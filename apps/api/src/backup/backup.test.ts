import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksums, cli, query, scratch, tableCounts } from '../../test/backup-world.js';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { createEvent, simpleEvent } from '../../test/fixtures.js';
import { call, testConfig, tokenFor } from '../../test/harness.js';
import { image, multipartBody } from '../../test/multipart.js';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { knownMigrations, MIGRATIONS_FOLDER, withMigrationsUpTo } from '../db/migration-journal.js';
import { DiskStore } from '../lib/storage/disk-store.js';
import { DEMO_PASSWORD } from '../seed/demo-accounts.js';
import { seedDemo } from '../seed/demo-seed.js';
import { restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

/**
 * Logical backups on PostgreSQL: the demo organization (users, events, registrants, ledger,
 * counters, uploaded posters), backed up by the real CLI process while the app serves and
 * writes, restored into a new empty database, compared table by table and file by file.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'eo-backup-test-'));
const latest = knownMigrations().at(-1)!;

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore', () => {
  const src = path.join(work, 'src');
  const archive = path.join(work, 'backup.tar.gz');
  let source: Awaited<ReturnType<typeof scratch>>;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await scratch();
    database = await openDatabase({ url: source.url, poolSize: 5 });
    await database.migrate();
    await seedDemo(database.db, new DiskStore(path.join(src, 'files')));
    mkdirSync(path.join(src, 'outbox'));
    writeFileSync(path.join(src, 'outbox', 'code.eml'), 'Subject: Kode verifikasi\r\n\r\n123456\r\n');
    mkdirSync(path.join(src, 'files', 'certificates', 'c1'), { recursive: true });
    writeFileSync(path.join(src, 'files', 'certificates', 'c1', 'CERT-001.pdf'), Buffer.from('%PDF-1.7 not really'));
    writeFileSync(path.join(src, 'jwt-secret'), 'a-secret-kept-beside-the-data-0123456789');
    const config = testConfig({ DATA_DIR: src, DATABASE_URL: source.url });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    token = (await tokenFor(app, 'organizer@demo.id', DEMO_PASSWORD)).token;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await source?.drop();
    for (const drop of drops) await drop();
  });

  /** Registrations (free and paid) and poster uploads through the API until `stop()`; resolves to how many rounds ran. */
  async function writeUntil(stop: () => boolean): Promise<number> {
    const [{ id: organizer }] = await query<{ id: string }>(source.url, `select id from users where email = 'organizer@demo.id'`);
    const events = [
      await createEvent(database.db, organizer, simpleEvent('Webinar Saat Backup', { days: 10 })),
      await createEvent(database.db, organizer, simpleEvent('Kelas Berbayar Saat Backup', { days: 12, price: 25000 })),
    ];
    const tickets = await query<{ id: string; event_id: string }>(source.url, 'select id, event_id from tickets where event_id = any($1) order by price', [events]);
    const poster = await image(400, 500);
    let round = 0;
    while (!stop()) {
      for (const t of tickets) {
        const res = await call(app, {
          method: 'POST', url: `/v1/platform/events/${t.event_id}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
          payload: { ticketId: t.id, participant: { name: `Peserta ${round}`, email: `saat.backup${round}@contoh.id`, lastEducation: 'S1', gender: 'Perempuan' } },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      if (round % 4 === 0) {
        const { payload, headers } = multipartBody([{ name: 'docType', value: 'EventImage' }, { name: 'file', filename: 'poster.png', contentType: 'image/png', data: poster }]);
        expect((await call(app, { method: 'POST', url: '/v1/upload/image', payload, headers, token })).status).toBe(201);
      }
      round++;
    }
    return round;
  }

  it('the CLI backs up while the app serves and writes; a new empty database gets every row and every file back', async () => {
    const filesBefore = checksums(src);
    let backingUp = true;
    const writing = writeUntil(() => !backingUp);
    // Writes are under way before and all through the backup.
    while ((await tableCounts(source.url)).registrants < 1) await new Promise((r) => setTimeout(r, 20));
    const before = await tableCounts(source.url);
    const made = await cli(['backup', '--out', archive], { DATABASE_URL: source.url, DATA_DIR: src });
    backingUp = false;
    const rounds = await writing;
    expect(made.out).toContain(`backup written to ${archive}`);
    expect(made.out).toMatch(new RegExp(`one snapshot at migration ${latest.tag}`));
    expect(made.code).toBe(0);
    const after = await tableCounts(source.url);
    expect(rounds).toBeGreaterThan(2);

    const target = await scratch();
    drops.push(target.drop);
    const dst = path.join(work, 'dst');
    const restored = await restoreBackup(target.url, { dataDir: dst }, { in: archive });
    expect(restored.lines.join('\n')).toContain(`now at ${latest.tag} (0 newer migrations run)`);

    const counts = await tableCounts(target.url);
    const { 'drizzle.__drizzle_migrations': migrations, ...appCounts } = counts;
    expect(Object.fromEntries(restored.manifest.tables.map((t) => [t.name, t.rows]))).toEqual(appCounts);
    expect(migrations).toBe(latest.idx + 1);
    // Every table between its counts before and after the backup: the rows of one moment in between,
    // which the writers had moved on from by then.
    for (const [table, n] of Object.entries(appCounts)) {
      expect(n, table).toBeGreaterThanOrEqual(before[table]);
      expect(n, table).toBeLessThanOrEqual(after[table]);
    }
    expect(appCounts.registrants).toBeGreaterThan(before.registrants);
    expect(after.registrants).toBeGreaterThan(appCounts.registrants);
    expect(Object.values(appCounts).filter((n) => n > 0).length).toBeGreaterThan(15);
    expect(appCounts.users).toBeGreaterThanOrEqual(4);

    // One snapshot: the counters the triggers kept agree with the facts, and loading did not count anything twice.
    const restoredDb = await openDatabase({ url: target.url, poolSize: 2 });
    try {
      expect(await countersOf(restoredDb.db)).toEqual(await factsOf(restoredDb.db));
      // What the app serves from the restored database: the same sessions and data.
      const config = testConfig({ DATA_DIR: dst, DATABASE_URL: target.url });
      const restoredApp = await buildApp({ config, database: restoredDb, logger: false });
      try {
        expect((await call(restoredApp, { method: 'GET', url: '/v1/roles/me', token })).status).toBe(200);
        expect((await call(restoredApp, { method: 'GET', url: '/v1/events/total', token })).body.data.active).toBeGreaterThan(0);
      } finally {
        await restoredApp.close();
      }
    } finally {
      await restoredDb.close();
    }

    // Every file of the source, byte for byte; a poster uploaded during the backup is there when its row is.
    const files = checksums(dst);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['jwt-secret', 'outbox/code.eml', 'files/certificates/c1/CERT-001.pdf']));
    expect(files).toMatchObject(filesBefore);
    const now = checksums(src);
    for (const [rel, sum] of Object.entries(files)) expect(now[rel], rel).toBe(sum);
    const uploaded = await query<{ path: string }>(target.url, 'select path from uploads');
    expect(uploaded.length).toBeGreaterThan(10);
    for (const u of uploaded) expect(files[`files/${u.path}`], u.path).toBeDefined();
    expect(restored.manifest.files.map((f) => f.path).sort()).toEqual(Object.keys(files).map((f) => `data/${f}`).sort());
  }, 300_000);

  it('an archive of an older schema is restored at its migration, then migrated like the app migrates its own', async () => {
    const old = await scratch();
    const target = await scratch();
    drops.push(old.drop, target.drop);
    const pool = new pg.Pool({ connectionString: old.url, max: 2 });
    try {
      await withMigrationsUpTo(8, (migrationsFolder) => migrate(drizzle(pool), { migrationsFolder }));
      await query(old.url, readFileSync(path.join(root, 'apps/api/test/migration/demo-0008.sql'), 'utf8'));
      const made = await takeBackup(pool, { dataDir: path.join(work, 'old-data') }, { out: path.join(work, 'old.tar.gz') });
      expect(made.manifest.schema).toMatchObject({ idx: 8, tag: '0008_coin_status_derived' });
      expect(made.manifest.tables.map((t) => t.name)).not.toContain('organizations');
      const restored = await restoreBackup(target.url, { dataDir: path.join(work, 'old-restored') }, { in: made.out });
      expect(restored.lines.join('\n')).toContain(`now at ${latest.tag} (${latest.idx - 8} newer migrations run)`);
      // The source taken forward by the app's own migrator holds what the restore holds.
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await pool.end();
    }
    const expected = await tableCounts(old.url);
    expect(await tableCounts(target.url)).toEqual(expected);
    expect(expected.registrants).toBeGreaterThan(0);
    expect(expected.organizations).toBeGreaterThan(0);
  }, 300_000);
});
