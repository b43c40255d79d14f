import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { freshDatabase } from '../../test/harness.js';

/**
 * db/functions/ holds one file per plpgsql or SQL function of the schema (trigger bodies
 * included): its current definition, as pg_get_functiondef prints it, after a few comment lines
 * saying what it does and which triggers call it. The files are the source; migrations copy them.
 * To change a function, edit its file, then paste the file's text into a new migration (a new
 * function: a new file; a dropped one: delete its file). Checked here: the migrated database has
 * exactly these functions with exactly these definitions, and the last migration naming each
 * function holds its file's text.
 */
const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** A definition without its leading comment lines and final semicolon, whitespace runs made one space. */
const normalised = (text: string) => text.replace(/^(\s*--[^\n]*\n)+/, '').trim().replace(/;$/, '').replace(/\s+/g, ' ').trim();

const files = new Map(readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql'))
  .map((f) => [f.slice(0, -'.sql'.length), readFileSync(path.join(FUNCTIONS_DIR, f), 'utf8')]));

describe('db/functions/', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  it('holds every function of the migrated schema, each as the database defines it', async () => {
    // The schema's own functions: not those an extension (pg_trgm, btree_gin) brings.
    const { rows } = (await database.db.execute(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = current_schema() and l.lanname in ('plpgsql', 'sql')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`)) as unknown as { rows: { name: string; definition: string }[] };
    expect(rows.map((r) => r.name)).toEqual([...files.keys()].sort());
    for (const { name, definition } of rows) expect(normalised(files.get(name)!), name).toBe(normalised(definition));
  });

  it('is what the last migration naming each function says', () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const migrations = journal.entries.map((e) => ({ tag: e.tag, text: readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8') }));
    for (const [name, text] of files) {
      const names = new RegExp(`FUNCTION\\s+(?:"?public"?\\.)?"?${name}"?\\s*\\(`, 'i');
      const last = migrations.filter((m) => names.test(m.text)).at(-1);
      expect(last, name).toBeDefined();
      expect(normalised(last!.text).includes(normalised(text)), `${last!.tag} restates ${name} as db/functions/${name}.sql`).toBe(true);
    }
  });
});
