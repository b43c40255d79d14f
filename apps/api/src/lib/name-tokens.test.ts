import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { freshDatabase } from '../../test/harness.js';
import { asciiBytes, computableHere, hashBytesExtended, nameTokens, PROBE_EVENT, TOKEN_PROBE } from './name-tokens.js';

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

  it('hashes as hashtextextended for every length of the tail and whole blocks, with and without a seed', async () => {
    const signed = ([high, low]: [number, number]) => BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)).toString();
    const ascii = fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x'));
    await fc.assert(fc.asyncProperty(ascii, fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), async (text, seed) => {
      const unsigned = BigInt.asUintN(64, seed);
      const halves: [number, number] = [Number(unsigned >> 32n), Number(unsigned & 0xffffffffn)];
      const [row] = ((await database.db.execute(sql`select hashtextextended(${text}::text, ${seed.toString()}::bigint)::text as "h"`)) as unknown as { rows: { h: string }[] }).rows;
      expect(signed(hashBytesExtended(asciiBytes(text), halves)), `${JSON.stringify(text)} ${seed}`).toBe(row.h);
    }), { numRuns: 200, examples: [['', 0n], ['abc', 0n], ['abcdefghijkl', 0n], ['abcdefghijklm', 1n], ['x'.repeat(24), -1n]] });
  });

  it('is computed here for printable ASCII only', () => {
    expect(computableHere('Festival 4242')).toBe(true);
    expect(computableHere('Élodie')).toBe(false);
    expect(computableHere('a\u0000b')).toBe(false);
  });
});
