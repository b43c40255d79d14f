import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { genericPlansOf, type Db, type DbOrTx } from './client.js';

/** A named value of a prepared statement (`sql.placeholder`): short, as a statement names many. */
export const p = (name: string) => sql.placeholder(name);

/** The SQL text of our databases: drizzle's default dialect (no casing option), as `drizzle()` is made in client.ts. */
const dialect = new PgDialect();

/**
 * How a statement is planned on a server: `custom` (PostgreSQL's own choice, which plans per call
 * while a plan for all values looks dearer) or `generic` (once per connection, on the handle's
 * twin, genericPlansOf; in a transaction, on its connection as it is). Generic only for a
 * statement whose best plan is the same whatever its values.
 */
export type PlanMode = 'custom' | 'generic';

/** The handle a statement of this PlanMode runs on: the generic twin when asked and there is one, else `db`. */
export const plannedOn = <T extends DbOrTx>(db: T, plan: PlanMode): T | Db => (plan === 'generic' && genericPlansOf(db)) || db;

/**
 * A statement written in SQL (`sql\`…\`` with `sql.placeholder(name)` for its values), built
 * once and run as a named statement: drizzle does not rebuild its text per call, and on a
 * PostgreSQL server each pooled connection parses it once, and plans it once when `plan` is
 * generic.
 * Answers the driver's raw result rows. `name` must be unique in the app: a connection knows a
 * statement by its name.
 */
export function preparedSql<Row>(name: string, statement: () => SQL, plan: PlanMode = 'custom') {
  let query: ReturnType<typeof dialect.sqlToQuery> | undefined;
  // One prepared query per handle (the pool's, its generic twin's, or a transaction's connection).
  const byHandle = new WeakMap<DbOrTx, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const on = plannedOn(db, plan);
    let prepared = byHandle.get(on);
    if (!prepared) {
      query ??= dialect.sqlToQuery(statement());
      prepared = on._.session.prepareQuery(query, undefined, name, false);
      byHandle.set(on, prepared);
    }
    return ((await prepared.execute(values)) as { rows: Row[] }).rows;
  };
}

/**
 * A query written with drizzle's builder (values as `sql.placeholder(name)`), built once per
 * handle and run as a named statement: its rows mapped as the builder maps them. For the reads
 * most requests make (the access gate's): building a select of a wide table is most of what such
 * `name` must be unique in the app, as for preparedSql.
 */
export function preparedQuery<R>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
  plan: PlanMode = 'custom',
) {
  const byHandle = new WeakMap<DbOrTx, { execute(values?: Record<string, unknown>): Promise<R> }>();
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    const on = plannedOn(db, plan);
    let prepared = byHandle.get(on);
    if (!prepared) byHandle.set(on, (prepared = build(on).prepare(name)));
    return prepared.execute(values);
  };
}

/**
 * preparedQuery for a query of a few shapes (a filter present or not, a sort order, the caller's
 * organization or the platform): one named statement per shape, `${name}_${keyOf(shape)}`, built
 * the first time that shape is asked for. A shape is a short key naming every choice `build`
 * makes, or an object of those choices with `keyOf` naming it (a statement's name holds at most
 * 63 characters); the values still come as placeholders.
 */
export function preparedShapes<S = string, R = unknown>(
  name: string,
  build: (db: DbOrTx, shape: S) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
  planOf: (shape: S) => PlanMode = () => 'custom',
  keyOf: (shape: S) => string = String,
) {
  const byShape = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<R>>();
  return (db: DbOrTx, shape: S, values: Record<string, unknown>): Promise<R> => {
    const key = keyOf(shape);
    let query = byShape.get(key);
    if (!query) byShape.set(key, (query = preparedQuery(`${name}_${key}`, (d) => build(d, shape), planOf(shape))));
    return query(db, values);
  };
}

/**
 * A statement built per call whose text takes one of a few shapes (every value a parameter), run
 * as a named statement named by its text's hash: each pooled connection parses a shape once, and
 * PostgreSQL keeps its plan (planned for the first five runs, then reused when that costs no
 * more). For a long statement on a hot path, whose planning would otherwise be paid every call.
 * Answers the driver's raw result rows.
 */
export async function namedStatement<Row>(db: DbOrTx, prefix: string, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `${prefix}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return ((await prepared.execute()) as { rows: Row[] }).rows;
}
