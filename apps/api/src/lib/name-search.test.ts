import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { registrants } from '../db/schema/index.js';
import { questionEvent } from '../modules/participants/participants.fixture.js';
import { createUsers } from '../../test/fixtures.js';
import { freshDatabase } from '../../test/harness.js';
import { searchRegistrants } from '../modules/checkins/checkins.repository.js';
import { nameContains } from './name-search.repository.js';

/**
 * Two events with the same 300 "Festival N" names, and a few names with capitals, punctuation,
 * accents, LIKE's and tsquery's own characters and double spaces; one registrant refunded. A search
 * finds exactly the event's current registrants whose lowercased name holds the lowercased text,
 * taken literally: through the planner's choice at this size, and through the suffix index.
 */
describe('nameContains', () => {
  let database: Database;
  let a: string;
  let b: string;
  const odd = ['Dwi-Putri Ayu', "O'Neil Tan", 'ÉLODIE Suryani', 'Rizky 50% Diskon', 'snake_case Budi', 'Ni Ketut',
    'Muhammad Rizky Pratama Putra', 'Back\\slash & Co:* !x', '  Spasi  Ganda  '];

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    const { org1 } = await createUsers(db);
    const [ea, eb] = [await questionEvent(db, org1, 'Festival A'), await questionEvent(db, org1, 'Festival B')];
    [a, b] = [ea.eventId, eb.eventId];
    for (const e of [ea, eb]) {
      await db.execute(sql`insert into registrants (event_id, ticket_id, name, email, status, cancelled_at)
        select ${e.eventId}::uuid, ${e.reguler}::uuid, 'Festival ' || g, 'f' || g || '@contoh.id', case when g = 7 then 'refunded' else 'confirmed' end, case when g = 7 then now() end
        from generate_series(1, 300) g`);
      for (const [i, name] of odd.entries()) {
        await db.insert(registrants).values({ eventId: e.eventId, ticketId: e.reguler, name, email: `odd${i}@contoh.id` });
      }
    }
    await db.execute(sql`analyze registrants`);
  });
  afterAll(() => database?.close());

  const idsWhere = async (db: DbOrTx, eventId: string, condition: SQL) => (await db.select({ id: registrants.id }).from(registrants)
    .where(and(eq(registrants.eventId, eventId), eq(registrants.status, 'confirmed'), condition))).map((r) => r.id).sort();

  const texts = ['Festival 123', 'festival 12', 'FESTIVAL 7', 'tival 29', 'al 1', '300', 'festival', 'val 2', 'dwi-putri', "o'neil",
    'élodie', 'ÉLODIE', '50%', '%', '_', 'e_c', 'ni k', 'x', 'zzz', 'Festival 4242',
    // Longer than the 16 characters the index keeps: the ILIKE decides past them.
    'rizky pratama putra', 'rizky pratama putri', 'muhammad rizky pratama putra', 'muhammad rizky pratama putra!',
    // The search text is never a tsquery: quotes, backslashes and its operators are characters.
    "'neil", 'k\\sla', 'h & co:*', ':* !', 'co:', "'", "''", '\\', 'spasi  ganda', 'i  g'];

  const sameAsStrpos = async (db: DbOrTx) => {
    for (const eventId of [a, b]) {
      for (const text of texts) {
        const expected = await idsWhere(db, eventId, sql`strpos(lower(${registrants.name}), lower(${text})) > 0`);
        expect(await idsWhere(db, eventId, nameContains(text)), text).toEqual(expected);
      }
    }
  };

  it('finds exactly the registrants whose name holds the text, of that event only', async () => {
    const { db } = database;
    await sameAsStrpos(db);
    // 7 and 70–79, but 7 was refunded.
    expect(await idsWhere(db, a, nameContains('Festival 7'))).toHaveLength(10);
    // LIKE's and tsquery's own characters are searched for as typed; past 16 characters too.
    expect(await idsWhere(db, a, nameContains('%'))).toHaveLength(1);
    expect(await idsWhere(db, a, nameContains('_'))).toHaveLength(1);
    expect(await idsWhere(db, a, nameContains('h & co:*'))).toHaveLength(1);
    expect(await idsWhere(db, a, nameContains('rizky pratama putra'))).toHaveLength(1);
    expect(await idsWhere(db, a, nameContains('rizky pratama putri'))).toHaveLength(0);
  });

  it('finds the same through registrants_event_name_suffix_idx', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      // At 300 names the planner would rather test each of the event's rows than read the index.
      await tx.execute(sql`set local cpu_operator_cost = 1`);
      const { rows } = (await tx.execute(sql`explain select 1 from ${registrants}
        where ${registrants.eventId} = ${a}::uuid and ${registrants.status} = 'confirmed' and ${nameContains('festival 12')}`)) as unknown as { rows: unknown[] };
      expect(JSON.stringify(rows)).toContain('registrants_event_name_suffix_idx');
      await sameAsStrpos(tx);
    });
  });
});

/**
 * At the size of a festival the index decides: 20,000 "Festival N" registrants in one event,
 * 50 "Peserta N" in each of 400 others. A rare text is read through registrants_event_name_suffix_idx,
 * whether the plan is made for the text or, as the door search's, before it is known.
 */
describe('registrants_event_name_suffix_idx', () => {
  let database: Database;
  let eventId: string;

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    const { org1 } = await createUsers(db);
    const events = [await questionEvent(db, org1, 'Festival C'), await questionEvent(db, org1, 'Festival D')];
    eventId = events[0].eventId;
    await db.execute(sql`insert into registrants (event_id, ticket_id, name, email)
      select ${eventId}::uuid, ${events[0].reguler}::uuid, 'Festival ' || g, 'f' || g || '@contoh.id' from generate_series(1, 20000) g`);
    // 400 small events beside it (copies of the other, each with its ticket), as on a platform:
    // a plan made before the event is known then expects a hundred names, not 20,000.
    await db.execute(sql`create temporary table small as
      select gen_random_uuid() as event_id, gen_random_uuid() as ticket_id from generate_series(1, 400)`);
    await db.execute(sql`insert into events select (jsonb_populate_record(null::events, to_jsonb(e) || jsonb_build_object('id', s.event_id))).*
      from events e, small s where e.id = ${events[1].eventId}::uuid`);
    await db.execute(sql`insert into tickets select (jsonb_populate_record(null::tickets, to_jsonb(t) || jsonb_build_object('id', s.ticket_id, 'event_id', s.event_id))).*
      from tickets t, small s where t.id = ${events[1].reguler}::uuid`);
    await db.execute(sql`insert into registrants (event_id, ticket_id, name, email)
      select s.event_id, s.ticket_id, 'Peserta ' || g, 'p' || g || '@contoh.id' from small s, generate_series(1, 50) g`);
    // As autovacuum leaves a live table: statistics, and the GIN index's pending entries merged.
    await db.execute(sql`vacuum analyze registrants`);
  });
  afterAll(() => database?.close());

  it('serves a rare text in a plan made for it', async () => {
    const { rows } = (await database.db.execute(sql`explain select ${registrants.id} from ${registrants}
      where ${registrants.eventId} = ${eventId}::uuid and ${registrants.status} = 'confirmed' and ${nameContains('festival 12345')}
      order by ${registrants.name}, ${registrants.id} limit 20`)) as unknown as { rows: unknown[] };
    expect(JSON.stringify(rows)).toContain('registrants_event_name_suffix_idx');
  });

  it('serves the door search, whose plan is made before the text is known', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const scans = async (index: string) => ((await tx.execute(sql`select pg_stat_get_xact_numscans(${index}::regclass)::int as n`)) as unknown as { rows: { n: number }[] }).rows[0].n;
      const [suffixes, names] = [await scans('registrants_event_name_suffix_idx'), await scans('registrants_event_name_idx')];
      const found = await searchRegistrants(tx, eventId, 'festival 12345', 20);
      expect(found.map((r) => r.name)).toEqual(['Festival 12345']);
      expect(await scans('registrants_event_name_suffix_idx')).toBe(suffixes + 1);
      expect(await scans('registrants_event_name_idx')).toBe(names);
    });
  });
});
