/** What PostgreSQL answers, read the same way everywhere: a raw statement's rows, a unique index's refusal. */

/** The rows of a raw `db.execute(sql`…`)` answer (node-postgres' result), typed by the caller. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The SQLSTATE of a PostgreSQL error, as pg gives it or as drizzle wraps it. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

/** Whether a write failed on a unique index (PostgreSQL 23505), as thrown or as drizzle's cause. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** Whether PostgreSQL rolled the statement back to break a deadlock (40P01). */
export function isDeadlock(err: unknown): boolean {
  return sqlState(err) === '40P01';
}
