import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { ident, publicName, type TableInfo } from './database-catalog.js';

/**
 * One table's rows to a file and back, with pg-copy-streams: `COPY … TO STDOUT` and
 * `COPY … FROM STDIN` in PostgreSQL's text format, one line per row.
 *
 * The text of dates, times, intervals and floats depends on session settings; both sides set
 * these (with SET LOCAL, inside their transaction), so a backup loads on any server whatever its
 * defaults. node-postgres already speaks UTF8.
 */
export const COPY_SETTINGS = [
  `SET LOCAL datestyle = 'ISO, YMD'`,
  `SET LOCAL intervalstyle = 'postgres'`,
  `SET LOCAL timezone = 'UTC'`,
  'SET LOCAL extra_float_digits = 3',
  `SET LOCAL bytea_output = 'hex'`,
  `SET LOCAL client_encoding = 'UTF8'`,
];

const columnList = (columns: string[]) => columns.map(ident).join(', ');

/** The table's rows into `file` (which must not exist); what COPY counted, the bytes and their SHA-256. */
export async function dumpTable(client: pg.ClientBase, table: TableInfo, file: string): Promise<{ rows: number; size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const copy = client.query(copyTo(`COPY ${publicName(table.name)} (${columnList(table.columns)}) TO STDOUT`));
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(copy, measure, createWriteStream(file, { flags: 'wx' }));
  return { rows: copy.rowCount, size, sha256: hash.digest('hex') };
}

/** The rows of `file` into the table; returns how many COPY loaded. */
export async function loadTable(client: pg.ClientBase, table: TableInfo, file: string): Promise<number> {
  const copy = client.query(copyFrom(`COPY ${publicName(table.name)} (${columnList(table.columns)}) FROM STDIN`));
  await pipeline(createReadStream(file), copy);
  return copy.rowCount;
}
