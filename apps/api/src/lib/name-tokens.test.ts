import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { freshDatabase } from '../../test/harness.js';
import { computableHere, nameTokens, PROBE_EVENT, TOKEN_PROBE } from './name-tokens.js';

/** The API's tokens of an ASCII text are the database's registrant_name_tokens, on either database. */
describe('nameTokens', () => {
  let database: Database;
  beforeAll(async () => { database = await freshDatabase(); });
  afterAll(async () => { await database.close(); });

  const inDatabase = async (eventId: string, text: string) => ((await database.db.execute(
    sql`select registrant_name_tokens(${eventId}::uuid, ${text}::text)::text[] as "t"`)) as unknown as { rows: { t: string[] }[] }).rows[0].t;

  it('equals registrant_name_tokens for every printable character and for random ASCII texts and events', async () => {
    expect(nameTokens(PROBE_EVENT, TOKEN_PROBE)).toEqual(await inDatabase(PROBE_EVENT, TOKEN_PROBE));
    // An event id as the API may hold it in capitals: PostgreSQL's uuid::text is lower case.
    expect(nameTokens(PROBE_EVENT.toUpperCase(), 'Festival 4242')).toEqual(await inDatabase(PROBE_EVENT, 'Festival 4242'));
    expect(nameTokens('5D1C1A8E-0000-4000-8000-00000000ABCD', 'Ani')).toEqual(await inDatabase('5d1c1a8e-0000-4000-8000-00000000abcd', 'Ani'));
    for (const text of ['Festival 4242', 'ab', 'abc', "O'Neil Tan_%", 'The quick brown fox jumps over 12 lazy dogs!']) {
      expect(nameTokens(PROBE_EVENT, text), text).toEqual(await inDatabase(PROBE_EVENT, text));
    }
    await fc.assert(fc.asyncProperty(fc.uuid(), fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x')), async (eventId, text) => {
      expect(nameTokens(eventId, text)).toEqual(await inDatabase(eventId, text));
    }), { numRuns: 200 });
  });

  it('is computed here for printable ASCII only', () => {
    expect(computableHere('Festival 4242')).toBe(true);
    expect(computableHere('Élodie')).toBe(false);
    expect(computableHere('a\u0000b')).toBe(false);
  });
});
