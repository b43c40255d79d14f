import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * Migration 0012_ticket_codes on real data: the previous release's demo database
 * (dumped at schema 0008) migrated to 0011, then to the end. Every registrant already there gets
 * a ticket code: not null, unique, URL-safe, at least 100 bits; and new rows written by hand get one too.
 */
describe('0012_ticket_codes on the demo database', () => {
  it('backfills a unique base64url code for every existing registrant, then requires one', () => withDemoAt(11, async (own) => {
    const [before] = await rows<{ n: number }>(own.database, sql`select count(*)::int n from registrants`);
    expect(before.n).toBeGreaterThan(10);
    await own.database.migrate();
    const [after] = await rows<{ n: number; codes: number; bad: number; nulls: number }>(own.database, sql`
      select count(*)::int n, count(distinct ticket_code)::int codes,
        count(*) filter (where ticket_code !~ '^[A-Za-z0-9_-]{22,}$')::int bad,
        count(*) filter (where ticket_code is null)::int nulls
      from registrants`);
    expect(after).toEqual({ n: before.n, codes: before.n, bad: 0, nulls: 0 });
    const [{ length }] = await rows<{ length: number }>(own.database, sql`select min(length(ticket_code))::int as length from registrants`);
    // 43 base64url characters of two random UUIDs: 244 random bits.
    expect(length).toBe(43);
    const [column] = await rows<{ is_nullable: string }>(own.database, sql`
      select is_nullable from information_schema.columns where table_name = 'registrants' and column_name = 'ticket_code'`);
    expect(column.is_nullable).toBe('NO');
    const [hand] = await rows<{ ticket_code: string }>(own.database, sql`
      insert into registrants (event_id, ticket_id, name, email) select event_id, ticket_id, 'Tangan', 'tangan@contoh.id' from registrants limit 1
      returning ticket_code`);
    expect(hand.ticket_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  }));
});
