import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

describe('the benchmark statement log (BENCH_SQL_LOG)', () => {
  it('appends each statement run through drizzle with its parameters, one JSON line each', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'eo-sql-log-')), 'sql.log');
    const database = await openDatabase({ sqlLog: file });
    try {
      await database.db.execute(sql`select ${41}::int + 1 as n`);
      await database.db.execute(sql`select ${'x'}::text as s`);
    } finally {
      await database.close();
    }
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { sql: string; params: unknown[] });
    expect(lines).toEqual([{ sql: 'select $1::int + 1 as n', params: [41] }, { sql: 'select $1::text as s', params: ['x'] }]);
  });
});
