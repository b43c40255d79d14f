import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/harness.js';
import { isoOfTimestamp, isoTimestamp } from './iso-timestamp.js';

describe('isoOfTimestamp', () => {
  it('writes what Date.toISOString writes of the same text, for every fraction and offset', () => {
    for (const text of [
      '2026-11-28 20:40:24+00', '2026-11-28 20:40:24.5+00', '2026-11-28 20:40:24.57+00', '2026-11-28 20:40:24.577+00',
      '2026-11-28 20:40:24.5779+00', '2026-11-28 20:40:24.577999+00', '2026-12-31 23:59:59.999999+00', '0999-01-01 00:00:00+00',
      '2026-11-29 03:40:24.577+07', '2026-11-28 15:10:24.5+05:30', '2026-11-28 20:40:24.123-03', '12026-11-28 20:40:24+00',
    ]) expect(isoOfTimestamp(text), text).toBe(new Date(text).toISOString());
  });

  it('refuses what Date refuses (a BC date, infinity)', () => {
    expect(() => isoOfTimestamp('0044-03-15 12:00:00+00 BC')).toThrow(RangeError);
    expect(() => isoOfTimestamp('infinity')).toThrow(RangeError);
  });

  it('reads a column as its ISO string, and null as null', async () => {
    const database = await freshDatabase();
    try {
      const at = sql`'2026-11-28 20:40:24.577123+00'::timestamptz`;
      const [row] = await database.db.select({ iso: isoTimestamp(at), none: isoTimestamp<string | null>(sql`null::timestamptz`) }).from(sql`(select 1) as one`);
      expect(row).toEqual({ iso: '2026-11-28T20:40:24.577Z', none: null });
    } finally {
      await database.close();
    }
  });
});
