import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER, withMigrationsUpTo, type KnownMigration } from '../db/migration-journal.js';
import type { Manifest } from './archive-manifest.js';
import { applicationTables, appliedMigration, ident, publicName, sequencesOf } from './database-catalog.js';
import { COPY_SETTINGS, loadTable } from './table-copy.js';

const runMigrations = (client: pg.PoolClient, migrationsFolder: string) => migrate(drizzle(client), { migrationsFolder });

/** How a trigger is enabled (pg_trigger.tgenabled) and the ALTER TABLE words that enable it so again. */
const ENABLE: Record<string, string> = { O: 'ENABLE TRIGGER', A: 'ENABLE ALWAYS TRIGGER', R: 'ENABLE REPLICA TRIGGER' };

/**
 * No user trigger fires during the load: the rows come with the counters the triggers kept, so a
 * trigger firing again would count them twice. `session_replication_role = replica` (for this
 * transaction) silences them, and the foreign key checks, at once; it needs a superuser or the
 * SET privilege on it. Without, each trigger that would fire is disabled by ALTER TABLE (the
 * restoring role owns the tables: it created them) and enabled again before the commit; the
 * foreign keys are then checked, which the load order satisfies. Returns what turns them back on.
 */
async function silenceTriggers(client: pg.ClientBase): Promise<{ mode: string; restore: () => Promise<void> }> {
  let replica = true;
  await client.query('SAVEPOINT replica_role');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT replica_role');
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err;
    await client.query('ROLLBACK TO SAVEPOINT replica_role');
    replica = false;
  }
  const { rows } = await client.query<{ table: string; trigger: string; enabled: string }>(
    `select c.relname as table, t.tgname as trigger, t.tgenabled as enabled
     from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled = any($1)`,
    [replica ? ['A', 'R'] : ['O', 'A']],
  );
  for (const r of rows) await client.query(`ALTER TABLE ${publicName(r.table)} DISABLE TRIGGER ${ident(r.trigger)}`);
  return {
    mode: replica ? 'session_replication_role = replica' : `${rows.length} triggers disabled for the load`,
    restore: async () => {
      for (const r of rows) await client.query(`ALTER TABLE ${publicName(r.table)} ${ENABLE[r.enabled]} ${ident(r.trigger)}`);
    },
  };
}

/** The tables and columns migration `schema` made here must be the archive's. */
async function checkTables(client: pg.ClientBase, manifest: Manifest) {
  const here = new Map((await applicationTables(client)).map((t) => [t.name, [...t.columns].sort().join(',')]));
  const differ = [
    ...manifest.tables.filter((t) => here.get(t.name) !== [...t.columns].sort().join(',')).map((t) => t.name),
    ...[...here.keys()].filter((name) => !manifest.tables.some((t) => t.name === name)),
  ];
  if (differ.length) throw new Error(`At migration ${manifest.schema.tag} this database's tables differ from the archive's (${differ.join(', ')})`);
}

/** Sequences owned by a column continue after its largest value; the others take the value the backup read. */
async function setSequences(client: pg.ClientBase, manifest: Manifest) {
  const here = new Map((await sequencesOf(client)).map((s) => [s.name, s]));
  for (const s of manifest.sequences) {
    const seq = here.get(s.name);
    if (!seq) throw new Error(`At migration ${manifest.schema.tag} this database has no sequence ${s.name}`);
    if (seq.table && seq.column) {
      await client.query(
        `select setval($1::regclass, coalesce(x.m, s.seqstart), x.m is not null)
         from (select max(${ident(seq.column)})::bigint as m from ${publicName(seq.table)}) x, pg_sequence s where s.seqrelid = $1::regclass`,
        [publicName(s.name)],
      );
    } else {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [publicName(s.name), s.lastValue, s.isCalled]);
    }
  }
}

/** Every table of the archive (unpacked in `dir`) in one transaction; all or nothing. */
async function loadRows(client: pg.ClientBase, manifest: Manifest, dir: string): Promise<{ rows: number; triggers: string }> {
  await client.query('BEGIN');
  try {
    for (const setting of COPY_SETTINGS) await client.query(setting);
    await checkTables(client, manifest);
    const triggers = await silenceTriggers(client);
    // Rows a migration itself inserted on the empty database: the archive holds the real ones.
    if (manifest.tables.length) await client.query(`TRUNCATE ${manifest.tables.map((t) => publicName(t.name)).join(', ')}`);
    let rows = 0;
    for (const table of manifest.tables) {
      const loaded = await loadTable(client, table, path.join(dir, table.path));
      if (loaded !== table.rows) throw new Error(`${table.path}: COPY loaded ${loaded} rows, the manifest says ${table.rows}`);
      rows += loaded;
    }
    await triggers.restore();
    await setSequences(client, manifest);
    await client.query('COMMIT');
    return { rows, triggers: triggers.mode };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export interface LoadResult { rows: number; triggers: string; current: KnownMigration; newer: number }

/**
 * Restores the archive's database into the EMPTY database of `client` (restore-backup.ts checks
 * that): drizzle's migrator brings the schema to exactly the archive's migration, every table is
 * loaded in one transaction, then the migrator runs this version's newer migrations, as the app
 * does when it starts.
 */
export async function loadDatabase(client: pg.PoolClient, manifest: Manifest, dir: string): Promise<LoadResult> {
  const at = manifest.schema.tag;
  try {
    await withMigrationsUpTo(manifest.schema.idx, (folder) => runMigrations(client, folder));
  } catch (err) {
    // drizzle's migrator runs the migrations in one transaction: the database is still empty.
    throw new Error(`Bringing the empty database to migration ${at} failed (${(err as Error).message}); nothing was restored.`, { cause: err });
  }
  let loaded: { rows: number; triggers: string };
  try {
    const applied = await appliedMigration(client);
    if ('problem' in applied || applied.idx !== manifest.schema.idx) throw new Error(`the migrations did not end at ${at}`);
    loaded = await loadRows(client, manifest, dir);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}. No row was restored, but the database now has the schema of migration ${at}: ` +
        'drop it and create it again (empty) before another restore.',
      { cause: err },
    );
  }
  try {
    await runMigrations(client, MIGRATIONS_FOLDER);
  } catch (err) {
    throw new Error(`The archive was restored at migration ${at}, but migrating it further failed (${(err as Error).message}); the app runs the migrations again when it starts.`, { cause: err });
  }
  const current = await appliedMigration(client);
  if ('problem' in current) throw new Error(current.problem);
  return { ...loaded, current, newer: current.idx - manifest.schema.idx };
}
