import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.js';
import { preparedQuery } from './prepared-sql.js';
import { createUsers } from '../../test/fixtures.js';
import { questionEvent } from '../modules/participants/participants.fixture.js';
import { compiledRowMapper, type SelectedField } from './row-mapper.js';
import { events, registrants, tickets, users } from './schema/index.js';
import { freshDatabase } from '../../test/harness.js';

// drizzle's own mapper: exported, though not in its types.
const { mapResultRow } = orm as unknown as { mapResultRow(fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>): Record<string, unknown> };

/**
 * The compiled mapper maps every row as drizzle's own mapResultRow does: flat columns, nested
 * objects, decoders (timestamps, mapWith), and a left-joined table's object nulled when all its
 * columns are null, for the same raw rows.
 */
describe('compiledRowMapper', () => {
  let database: Database;
  beforeAll(async () => { database = await freshDatabase(); });
  afterAll(async () => { await database.close(); });

  it('maps raw rows as drizzle does', async () => {
    const checker = alias(users, 'checker');
    const query = database.db
      .select({
        id: registrants.id, createdAt: registrants.createdAt, name: registrants.name, n: sql<number>`count(*) over ()`.mapWith(Number),
        ticket: { id: tickets.id, name: tickets.name }, checker: { id: checker.id, name: checker.name }, event: events, raw: sql<string>`'x'`,
        key: sql<string>`${registrants.name}`.as('key'), at: sql<Date>`${registrants.createdAt}`.mapWith(registrants.createdAt),
      })
      .from(registrants)
      .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
      .innerJoin(events, eq(events.id, registrants.eventId))
      .leftJoin(checker, eq(checker.id, registrants.checkedInBy))
      .prepare('row_mapper_test');
    const { fields, joinsNotNullableMap } = query as unknown as { fields: SelectedField[]; joinsNotNullableMap: Record<string, boolean> };
    const eventColumns = fields.filter((f) => f.path[0] === 'event').length;
    const rowOf = (checkerId: string | null, checkerName: string | null, ticketName: string | null) => [
      '5d1c1a8e-0000-4000-8000-000000000001', '2026-11-28 10:11:12.123456+00', 'Ani', '42',
      '5d1c1a8e-0000-4000-8000-000000000002', ticketName, checkerId, checkerName, ...new Array(eventColumns).fill(null), 'x',
      'Ani', '2026-11-28 10:11:12.5+00',
    ];
    const rows = [
      rowOf('5d1c1a8e-0000-4000-8000-000000000003', 'Budi', 'Reguler'),
      rowOf(null, null, null), // nobody checked in: checker null; the inner-joined ticket keeps its object
      rowOf(null, 'Budi', 'VIP'), // one column of the left join set: the object stays
    ];
    const drizzle = rows.map((row) => mapResultRow(fields, row, joinsNotNullableMap));
    const compiled = compiledRowMapper(fields, joinsNotNullableMap)(rows);
    expect(compiled).toStrictEqual(drizzle);
    expect(compiled[1].checker).toBeNull();
    expect(compiled[0].n).toBe(42);
    expect(compiled[0].createdAt).toBeInstanceOf(Date);
    expect(compiled[0].at).toBeInstanceOf(Date);
  });

  it('is what preparedQuery runs: its rows equal the same select run by drizzle unprepared', async () => {
    const { db } = database;
    const { org1 } = await createUsers(db);
    const e = await questionEvent(db, org1, 'Mapper');
    await db.insert(registrants).values([
      { eventId: e.eventId, ticketId: e.reguler, name: 'Ani', email: 'ani@contoh.id' },
      { eventId: e.eventId, ticketId: e.reguler, name: 'Budi', email: 'budi@contoh.id' },
    ]);
    const checker = alias(users, 'checker');
    const build = (d: DbOrTx) => d
      .select({ id: registrants.id, createdAt: registrants.createdAt, ticket: { name: tickets.name }, checker: { id: checker.id, name: checker.name }, n: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(registrants).innerJoin(tickets, eq(tickets.id, registrants.ticketId)).leftJoin(checker, eq(checker.id, registrants.checkedInBy))
      .where(eq(registrants.eventId, sql.placeholder('eventId'))).orderBy(registrants.name);
    const prepared = preparedQuery('row_mapper_prepared_test', build);
    const viaCompiled = await prepared(db, { eventId: e.eventId });
    const viaDrizzle = await build(db).prepare('row_mapper_plain_test').execute({ eventId: e.eventId });
    expect(viaCompiled).toStrictEqual(viaDrizzle);
    expect(viaCompiled.map((r) => [r.checker, r.n])).toEqual([[null, 2], [null, 2]]);
  });
});
