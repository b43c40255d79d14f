import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from './client.js';
import { confirmedRegistrant, registrants, registrantStatusIs } from './schema/index.js';

/**
 * The partial indexes of current registrants say `status = 'confirmed'`. A prepared statement
 * runs on a generic plan, where only a condition written the same way proves their predicate:
 * confirmedRegistrant() does, a bound value does not.
 */
describe('confirmedRegistrant', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  /** The generic plan of a participant page (seq scans and sorts priced out, so an index that serves wins). */
  const genericPlan = (condition: SQL, order: 'name' | 'created' = 'name') => database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`prepare page_by_name(uuid, text) as
      select ${registrants.id} from ${registrants} where ${registrants.eventId} = $1 and ${condition}
      order by ${order === 'name' ? registrants.name : registrants.createdAt}, ${registrants.id} limit 10`);
    const res = await tx.execute(sql`explain execute page_by_name('00000000-0000-4000-8000-000000000000', 'confirmed')`);
    await tx.execute(sql`deallocate page_by_name`);
    return JSON.stringify((res as unknown as { rows: unknown[] }).rows);
  });

  it('writes the value into the statement, so a generic plan walks the name index', async () => {
    expect(await genericPlan(confirmedRegistrant())).toContain('registrants_event_name_idx');
    expect(await genericPlan(sql`${registrants.status} = $2`)).not.toContain('registrants_event_name_idx');
    expect(await genericPlan(registrantStatusIs('confirmed'))).toContain('registrants_event_name_idx');
  });

  it('lists another status in order through the index of registrations that are not participants', async () => {
    for (const status of ['pending', 'declined', 'cancelled', 'refunded'] as const) {
      expect(await genericPlan(registrantStatusIs(status), 'created')).toContain('registrants_event_status_idx');
    }
    expect(() => registrantStatusIs("confirmed' or true --" as never)).toThrow('unknown registrant status');
  });
});
