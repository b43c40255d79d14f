/** What PostgreSQL answers, read the same way everywhere: a raw statement's rows, a unique index's refusal. */

/** The rows of a raw `db.execute(sql`…`)` answer (node-postgres' result), typed by the caller. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether a write failed on a unique index (PostgreSQL 23505), as thrown or as drizzle's cause. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
