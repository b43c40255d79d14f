import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from './client.js';
import { namedStatement, preparedQuery } from './prepared-sql.js';
import { organizations } from './schema/index.js';

describe('preparedQuery', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('builds once per handle, maps rows as the builder does, and sees each call\'s values and writes', async () => {
    let built = 0;
    const byName = preparedQuery('test_organization_by_name', (db) => {
      built += 1;
      return db.select().from(organizations).where(eq(organizations.name, sql.placeholder('name')));
    });
    const [a] = await database.db.insert(organizations).values({ name: 'Satu' }).returning();
    await database.db.insert(organizations).values({ name: 'Dua' });
    expect((await byName(database.db, { name: 'Satu' })).map((r) => r.id)).toEqual([a.id]);
    const [dua] = await byName(database.db, { name: 'Dua' });
    expect(dua.name).toBe('Dua');
    expect(dua.createdAt).toBeInstanceOf(Date); // mapped, not the driver's raw row
    expect(await byName(database.db, { name: 'Tiga' })).toEqual([]);
    await database.db.update(organizations).set({ name: 'Tiga' }).where(eq(organizations.id, a.id));
    expect((await byName(database.db, { name: 'Tiga' })).map((r) => r.id)).toEqual([a.id]);
    expect(built).toBe(1);
    // A transaction is a handle of its own (its own connection) and sees its own writes.
    await database.db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: 'Empat' }).where(eq(organizations.id, a.id));
      expect((await byName(tx, { name: 'Empat' })).map((r) => r.id)).toEqual([a.id]);
    });
    expect(built).toBe(2);
  });

  it('plans a statement for all values on a server when it asks, on its own connections; in a transaction on that transaction\'s', async () => {
    const modeOf = (plan: 'custom' | 'generic') => preparedQuery(`test_plan_mode_${plan}`, (db) => db
      .select({ id: organizations.id, mode: sql<string>`current_setting('plan_cache_mode')` })
      .from(organizations).where(eq(organizations.name, sql.placeholder('name'))), plan);
    const [generic, custom] = [modeOf('generic'), modeOf('custom')];
    const [org] = await database.db.insert(organizations).values({ name: 'Rencana' }).returning();
    expect(await generic(database.db, { name: 'Rencana' })).toEqual([{ id: org.id, mode: 'force_generic_plan' }]);
    expect(await custom(database.db, { name: 'Rencana' })).toEqual([{ id: org.id, mode: 'auto' }]);
    // A transaction's statements stay on its connection: they see its writes.
    await database.db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: 'Rencana Baru' }).where(eq(organizations.id, org.id));
      expect(await generic(tx, { name: 'Rencana Baru' })).toEqual([{ id: org.id, mode: 'auto' }]);
    });
    expect(await generic(database.db, { name: 'Rencana Baru' })).toEqual([{ id: org.id, mode: 'force_generic_plan' }]);
  });

  it('runs a statement built per call as one named statement per shape, with each call\'s values', async () => {
    const [org] = await database.db.insert(organizations).values({ name: 'Bentuk' }).returning();
    const byName = (db: Parameters<typeof namedStatement>[0], name: string, withId: boolean) => namedStatement<{ id: string; name: string }>(db, 'test_shape',
      sql`select id, name from ${organizations} where name = ${name}${withId ? sql` and id = ${org.id}::uuid` : sql``}`);
    await database.db.transaction(async (tx) => {
      expect(await byName(tx, 'Bentuk', false)).toEqual([{ id: org.id, name: 'Bentuk' }]);
      expect(await byName(tx, 'Tidak ada', false)).toEqual([]);
      expect(await byName(tx, 'Bentuk', true)).toEqual([{ id: org.id, name: 'Bentuk' }]);
      // Two shapes, each prepared once on this connection (a transaction's), whatever the values.
      const prepared = await tx.execute(sql`select name from pg_prepared_statements where name like 'test_shape_%'`);
      expect((prepared as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    });
  });
});
