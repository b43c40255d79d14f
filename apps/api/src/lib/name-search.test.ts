import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { registrants } from '../db/schema/index.js';
import { questionEvent } from '../modules/participants/participants.fixture.js';
import { createUsers } from '../../test/fixtures.js';
import { freshDatabase } from '../../test/harness.js';
import { contains } from './like.js';
import { nameCondition, nameSearch, nameSearchOf, rarestTokens, searchTokens, TOKEN_STATS_MS } from './name-search.repository.js';

describe('rarestTokens', () => {
  const row = (token: string, rows: number | null) => ({ token, rows });

  it('asks for every token when the index has no statistics', () => {
    expect(rarestTokens([row('1', null), row('2', null), row('3', null), row('4', null)])).toEqual(['1', '2', '3', '4']);
  });

  it('asks for the three rarest, a token missing from the common ones counting as rarest', () => {
    expect(rarestTokens([row('a', 900), row('b', 0), row('c', 12), row('d', 1500), row('e', 0)])).toEqual(['b', 'e', 'c']);
  });

  it('asks for none when even the rarest is common, or the text has no piece', () => {
    expect(rarestTokens([row('a', nameSearch.commonRows + 1), row('b', nameSearch.commonRows * 2)])).toEqual([]);
    expect(rarestTokens([row('a', nameSearch.commonRows), row('b', nameSearch.commonRows * 2)])).toEqual(['a', 'b']);
    expect(rarestTokens([])).toEqual([]);
  });
});

/**
 * Two events with the same 300 "Festival N" names, and a few names with capitals, punctuation,
 * accents and LIKE's own characters; one registrant refunded. Every search must find exactly what
 * ilike over the event finds, before and after ANALYZE (with and without statistics to choose by).
 */
describe.each(['without statistics', 'after ANALYZE'])('nameSearchOf and nameCondition, %s', (stage) => {
  let database: Database;
  let a: string;
  let b: string;
  const odd = ['Dwi-Putri Ayu', "O'Neil Tan", 'ÉLODIE Suryani', 'Rizky 50% Diskon', 'snake_case Budi', 'Ni Ketut'];

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    const { org1 } = await createUsers(db);
    const [ea, eb] = [await questionEvent(db, org1, 'Festival A'), await questionEvent(db, org1, 'Festival B')];
    [a, b] = [ea.eventId, eb.eventId];
    for (const e of [ea, eb]) {
      await db.execute(sql`insert into registrants (event_id, ticket_id, name, email, cancelled_at)
        select ${e.eventId}::uuid, ${e.reguler}::uuid, 'Festival ' || g, 'f' || g || '@contoh.id', case when g = 7 then now() end
        from generate_series(1, 300) g`);
      for (const [i, name] of odd.entries()) {
        await db.insert(registrants).values({ eventId: e.eventId, ticketId: e.reguler, name, email: `odd${i}@contoh.id` });
      }
    }
    // Without statistics means none: no autovacuum may analyze the table under this test.
    if (stage === 'after ANALYZE') await db.execute(sql`analyze registrants`);
    else await db.execute(sql`alter table registrants set (autovacuum_enabled = false)`);
    nameSearch.commonRows = 100;
  });
  afterEach(() => { nameSearch.commonRows = 100; });
  afterAll(async () => {
    nameSearch.commonRows = 2000;
    await database.close();
  });

  const rowsOf = async <T,>(q: SQL) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const nameContains = async (eventId: string, text: string) => nameCondition(await nameSearchOf(database.db, eventId, text));
  const idsWhere = async (eventId: string, condition: SQL) => (await database.db.select({ id: registrants.id }).from(registrants)
    .where(and(eq(registrants.eventId, eventId), isNull(registrants.cancelledAt), condition))).map((r) => r.id).sort();

  it('finds exactly the registrants whose name contains the text, of that event only', async () => {
    const texts = ['Festival 123', 'festival 12', 'FESTIVAL 7', 'tival 29', 'al 1', '300', 'festival', 'val 2', 'dwi-putri', "o'neil",
      'élodie', 'ÉLODIE', '50%', '%', '_', 'e_c', 'ni k', 'x', 'zzz', 'Festival 4242'];
    for (const eventId of [a, b]) {
      for (const text of texts) {
        const found = await idsWhere(eventId, await nameContains(eventId, text));
        expect(found, `${stage} ${text}`).toEqual(await idsWhere(eventId, ilike(registrants.name, contains(text))));
      }
    }
    // 7 and 70–79, but 7 was refunded.
    expect((await idsWhere(a, await nameContains(a, 'Festival 7'))).length).toBe(10);
  });

  it('asks the token index for a rare text, and leaves a common one to ilike', async () => {
    const known = await rowsOf<{ rows: number | null }>(sql`select "rows" from registrant_name_search_tokens(${a}::uuid, 'festival')`);
    expect(known.every((r) => r.rows === null)).toBe(stage === 'without statistics');
    const asked = async (text: string) => (await searchTokens(database.db, a, text)).length > 0;
    expect(await asked('Festival 123')).toBe(true);
    expect(await asked('ab')).toBe(false);
    // Each piece of "festival" is in all 300 names: common once there are statistics to tell.
    expect(await asked('festival')).toBe(stage === 'without statistics');
  });

  it.runIf(stage === 'after ANALYZE')('is served by registrants_name_tokens_idx when the text is rare', async () => {
    const condition = await nameContains(a, 'Festival 123');
    const plan = await rowsOf(sql`explain select ${registrants.id} from ${registrants}
      where ${registrants.eventId} = ${a}::uuid and ${registrants.cancelledAt} is null and ${condition}`);
    expect(JSON.stringify(plan)).toContain('Bitmap Index Scan on registrants_name_tokens_idx');
  });
});

/**
 * The token index's statistics are read once per TOKEN_STATS_MS, not per search: a search right
 * after ANALYZE still chooses by what was read before (it finds the same rows, ilike rechecks
 * them), and one after TOKEN_STATS_MS chooses by the new statistics.
 */
describe('token statistics kept per process', () => {
  let database: Database;
  let eventId: string;
  beforeAll(async () => {
    database = await freshDatabase();
    const { org1 } = await createUsers(database.db);
    const e = await questionEvent(database.db, org1, 'Festival C');
    eventId = e.eventId;
    await database.db.execute(sql`alter table registrants set (autovacuum_enabled = false)`);
    await database.db.execute(sql`insert into registrants (event_id, ticket_id, name, email)
      select ${eventId}::uuid, ${e.reguler}::uuid, 'Festival ' || g, 'c' || g || '@contoh.id' from generate_series(1, 300) g`);
    nameSearch.commonRows = 100;
  });
  afterAll(async () => {
    vi.useRealTimers();
    nameSearch.commonRows = 2000;
    await database.close();
  });

  it('chooses by the statistics read at most TOKEN_STATS_MS ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const found = async (text: string) => (await database.db.select({ id: registrants.id }).from(registrants)
      .where(and(eq(registrants.eventId, eventId), await nameContains(text)))).length;
    const nameContains = async (text: string) => nameCondition(await nameSearchOf(database.db, eventId, text));
    // No statistics yet: every piece of "festival" is asked.
    expect(await searchTokens(database.db, eventId, 'festival')).toHaveLength(6);
    await database.db.execute(sql`analyze registrants`);
    vi.advanceTimersByTime(TOKEN_STATS_MS - 1000);
    expect(await searchTokens(database.db, eventId, 'festival')).toHaveLength(6);
    expect(await found('festival 137')).toBe(1);
    vi.advanceTimersByTime(1000);
    // Now read again: each piece is in all 300 names, so the text is common and ilike alone finds it.
    expect(await searchTokens(database.db, eventId, 'festival')).toEqual([]);
    expect(await found('festival 137')).toBe(1);
    expect(await found('festival')).toBe(300);
  });
});
