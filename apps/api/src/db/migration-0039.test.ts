import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, withDemoAt } from '../../test/migration/migrate-to.js';
import { savedBankAccounts } from '../modules/payouts/withdrawals.repository.js';

/**
 * 0039_coin_accounts_organization on a database with coin accounts already there (the previous
 * release's demo database, two of its accounts given a bank): every account gets its event's
 * organization, and an organization's saved bank accounts read through the new column are the
 * ones its events' accounts hold.
 */
describe('0039_coin_accounts_organization', () => {
  it("gives every coin account its event's organization, and reads an organization's saved banks by it", () => withDemoAt(38, async (own) => {
    await rows(own.database, sql`
      update coin_accounts set bank_code = '014', bank_account_name = 'Panitia ' || id::text, bank_account_number = '1234567890'
      where id in (select id from coin_accounts order by id limit 2)`);
    await own.database.migrate();

    const accounts = await rows<{ event_org: string; own_org: string | null }>(own.database, sql`
      select e.organization_id::text as event_org, c.organization_id::text as own_org from coin_accounts c join events e on e.id = c.event_id`);
    expect(accounts.length).toBe(6);
    for (const a of accounts) expect(a.own_org).toBe(a.event_org);

    const saved = await rows<{ org: string; id: string }>(own.database, sql`
      select e.organization_id::text as org, c.id::text as id from coin_accounts c join events e on e.id = c.event_id
      where c.bank_code is not null order by c.id`);
    expect(saved.length).toBe(2);
    for (const org of new Set(saved.map((s) => s.org))) {
      const found = await savedBankAccounts(own.database.db, org);
      expect(found.map((f) => f.id).sort()).toEqual(saved.filter((s) => s.org === org).map((s) => s.id));
    }
  }));
});
