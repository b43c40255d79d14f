/**
 * The paged lists of API.md. A page's rows carry its total (a `count(*) over ()` window), so a
 * page costs one round trip; past the last page there is no row to carry it, so it is counted apart.
 */
export async function pageTotal(rows: readonly { total: number }[], page: number, count: () => Promise<number>): Promise<number> {
  return rows[0]?.total ?? (page > 1 ? count() : 0);
}

/** `{ docs, page, limit, totalDocs, totalPages }` for one page of a list. */
export function paged<T>(docs: T[], q: { page: number; limit: number }, total: number) {
  return { docs, page: q.page, limit: q.limit, totalDocs: total, totalPages: Math.ceil(total / q.limit) };
}
