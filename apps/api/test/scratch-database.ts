import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on a PostgreSQL server; `drop` removes it again. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
