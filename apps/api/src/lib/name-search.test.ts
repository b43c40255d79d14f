import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { registrants } from '../db/schema/index.js';
import { questionEvent } from '../modules/participants/participants.fixture.js';
import { createUsers } from '../../test/fixtures.js';
import { freshDatabase } from '../../test/harness.js';
import { nameContains } from './name-search.repository.js';

/**
 * Two events with the same 300 "Festival N" names, and a few names with capitals, punctuation,
 * accents and LIKE's own characters; one registrant refunded. A search finds exactly the event's
 * current registrants whose lowercased name holds the lowercased text, taken literally.
 */
describe('nameContains', () => {
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
      await db.execute(sql`insert into registrants (event_id, ticket_id, name, email, status, cancelled_at)
        select ${e.eventId}::uuid, ${e.reguler}::uuid, 'Festival ' || g, 'f' || g || '@contoh.id', case when g = 7 then 'refunded' else 'confirmed' end, case when g = 7 then now() end
        from generate_series(1, 300) g`);
      for (const [i, name] of odd.entries()) {
        await db.insert(registrants).values({ eventId: e.eventId, ticketId: e.reguler, name, email: `odd${i}@contoh.id` });
      }
    }
  });
  afterAll(() => database?.close());

  const idsWhere = async (eventId: string, condition: SQL) => (await database.db.select({ id: registrants.id }).from(registrants)
    .where(and(eq(registrants.eventId, eventId), eq(registrants.status, 'confirmed'), condition))).map((r) => r.id).sort();

  it('finds exactly the registrants whose name holds the text, of that event only', async () => {
    const texts = ['Festival 123', 'festival 12', 'FESTIVAL 7', 'tival 29', 'al 1', '300', 'festival', 'val 2', 'dwi-putri', "o'neil",
      'élodie', 'ÉLODIE', '50%', '%', '_', 'e_c', 'ni k', 'x', 'zzz', 'Festival 4242'];
    for (const eventId of [a, b]) {
      for (const text of texts) {
        const expected = await idsWhere(eventId, sql`strpos(lower(${registrants.name}), lower(${text})) > 0`);
        expect(await idsWhere(eventId, nameContains(text)), text).toEqual(expected);
      }
    }
    // 7 and 70–79, but 7 was refunded.
    expect(await idsWhere(a, nameContains('Festival 7'))).toHaveLength(10);
    // LIKE's own characters are searched for as typed.
    expect(await idsWhere(a, nameContains('%'))).toHaveLength(1);
    expect(await idsWhere(a, nameContains('_'))).toHaveLength(1);
  });
});

/**
 * At the size of a festival the index decides: 20,000 "Festival N" registrants in one event,
 * 20,000 "Peserta N" in another. A rare text is read through registrants_event_name_trgm_idx; a common
 * one walks the event's names in order and stops at the page.
 */
describe('registrants_event_name_trgm_idx', () => {
  let database: Database;
  let eventId: string;

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    const { org1 } = await createUsers(db);
    const events = [await questionEvent(db, org1, 'Festival C'), await questionEvent(db, org1, 'Festival D')];
    eventId = events[0].eventId;
    for (const [e, word] of [[events[0], 'Festival'], [events[1], 'Peserta']] as const) {
      await db.execute(sql`insert into registrants (event_id, ticket_id, name, email)
        select ${e.eventId}::uuid, ${e.reguler}::uuid, ${word} || ' ' || g, 'f' || g || '@contoh.id' from generate_series(1, 20000) g`);
    }
    // As autovacuum leaves a live table: statistics, and the GIN index's pending entries merged.
    await db.execute(sql`vacuum analyze registrants`);
  });
  afterAll(() => database?.close());

  const plan = async (text: string) => JSON.stringify(((await database.db.execute(sql`explain select ${registrants.id} from ${registrants}
    where ${registrants.eventId} = ${eventId}::uuid and ${registrants.status} = 'confirmed' and ${nameContains(text)}
    order by ${registrants.name}, ${registrants.id} limit 20`)) as unknown as { rows: unknown[] }).rows);

  it('serves a rare text, and leaves a common one to the event\'s name order', async () => {
    expect(await plan('festival 12345')).toContain('registrants_event_name_trgm_idx');
    expect(await plan('festival')).toContain('registrants_event_name_idx');
  });

});
