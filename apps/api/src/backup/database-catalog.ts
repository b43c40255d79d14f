import type pg from 'pg';
import { knownMigrations, type KnownMigration } from '../db/migration-journal.js';

/**
 * What a backup and a restore read from PostgreSQL's catalog: the application's tables (every
 * ordinary table of schema public that no extension owns: partitions are such tables too,
 * drizzle's own bookkeeping lives in schema drizzle), their columns, their sequences, the last
 * migration applied.
 */
export interface TableInfo { name: string; columns: string[] }
export interface SequenceInfo { name: string; ownedBy: string | null; table: string | null; column: string | null }

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const publicName = (name: string) => `public.${ident(name)}`;

/** Tables sorted so that each comes after the tables its foreign keys name (then by name): a load with foreign keys checked never misses a parent. */
export async function applicationTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  const { rows: refs } = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.oid <> p.oid
      and c.relnamespace = 'public'::regnamespace and p.relnamespace = 'public'::regnamespace`);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, string[]>(tables.map((t) => [t.name, []]));
  for (const r of refs) parents.get(r.child)?.push(r.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (t: TableInfo) => {
    // A cycle of foreign keys has no such order; its tables keep their names' order.
    if (placed.has(t.name) || visiting.has(t.name)) return;
    visiting.add(t.name);
    for (const p of parents.get(t.name) ?? []) {
      const parent = byName.get(p);
      if (parent) place(parent);
    }
    visiting.delete(t.name);
    placed.add(t.name);
    ordered.push(t);
  };
  for (const t of tables) place(t);
  return ordered;
}

/** Every sequence of schema public, with the column that owns it (serial, identity) if any. */
export async function sequencesOf(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{ name: string; table: string | null; column: string | null }>(`
    select s.relname as name, t.relname as table, a.attname as column
    from pg_class s
    left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
    order by s.relname`);
  return rows.map((r) => ({ ...r, ownedBy: r.table && r.column ? `${r.table}.${r.column}` : null }));
}

/** The last migration drizzle applied to this database, known to this version, or a message saying why not. */
export async function appliedMigration(client: pg.ClientBase): Promise<KnownMigration | { problem: string }> {
  const { rows: [table] } = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table.present) return { problem: 'the database has no migrations applied (drizzle.__drizzle_migrations is missing): it is not the app\'s database, or the app never started on it' };
  const { rows: [last] } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!last) return { problem: 'the database has no migrations applied (drizzle.__drizzle_migrations is empty)' };
  const known = knownMigrations().find((m) => m.when === Number(last.created_at));
  if (!known) return { problem: `the database was migrated by a newer version of the app (its last migration, created_at ${last.created_at}, is unknown here): back it up with that version` };
  if (known.hash !== last.hash) return { problem: `the database's migration ${known.tag} differs from this version's (hash ${last.hash.slice(0, 12)}…, here ${known.hash.slice(0, 12)}…)` };
  return known;
}

/** What a database holds of ours, if anything: relations in schema public, applied migrations. Empty: `[]`. */
export async function contentsOf(client: pg.ClientBase): Promise<string[]> {
  const { rows: relations } = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  const found: string[] = [];
  if (relations.length) {
    const named = relations.slice(0, 3).map((r) => r.name).join(', ');
    found.push(`${relations.length} relation${relations.length === 1 ? '' : 's'} in schema public (${named}${relations.length > 3 ? ', …' : ''})`);
  }
  const { rows: [table] } = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const migrations = table.present
    ? (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]
    : { n: 0 };
  if (migrations.n) found.push(`${migrations.n} applied migrations`);
  return found;
}
