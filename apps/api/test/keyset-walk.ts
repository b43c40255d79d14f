import { expect } from 'vitest';

interface Page { status: number; body: { data: { docs: { id: string }[]; nextCursor: string | null; totalDocs: number } } }

/**
 * Walks a list twice, by `page` (offset) and by following `nextCursor` (keyset), and expects the
 * same rows page by page: none lost or repeated at ties on the sort key.
 */
export async function expectCursorWalkMatchesPages(get: (query: Record<string, string>) => Promise<Page>, limit: number) {
  const byOffset: string[][] = [];
  const first = await get({ limit: String(limit), page: '1' });
  expect(first.status).toBe(200);
  const pages = Math.ceil(first.body.data.totalDocs / limit);
  expect(pages).toBeGreaterThan(2);
  for (let page = 1; page <= pages; page++) {
    byOffset.push((await get({ limit: String(limit), page: String(page) })).body.data.docs.map((d) => d.id));
  }
  const byCursor: string[][] = [];
  let res = first;
  for (let page = 1; ; page++) {
    expect(res.status).toBe(200);
    const ids = res.body.data.docs.map((d) => d.id);
    if (ids.length) byCursor.push(ids);
    const next = res.body.data.nextCursor;
    if (!next) break;
    expect(page).toBeLessThanOrEqual(pages);
    res = await get({ limit: String(limit), page: String(page + 1), after: next });
  }
  expect(byCursor).toEqual(byOffset);
  const all = byOffset.flat();
  expect(new Set(all).size).toBe(first.body.data.totalDocs);
}
