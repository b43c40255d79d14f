import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRegistrants, registrantFilters } from './get-registrants';

const page = (n: number, nextCursor: string | null) => ({ docs: [], page: n, limit: 10, totalPages: 9, totalDocs: 90, nextCursor, questions: [] });

afterEach(() => vi.unstubAllGlobals());

describe('getRegistrants', () => {
  it('pages forward after the cursor the previous page answered; a page reached otherwise goes by offset', async () => {
    const sent: URLSearchParams[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
      sent.push(url.searchParams);
      const n = Number(url.searchParams.get('page'));
      return new Response(JSON.stringify({ data: page(n, `cursor-${n + 1}`) }), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const search = { field: 'name' as const, text: '', status: 'confirmed' as const };
    await getRegistrants('ev-cursor', { page: 1, ...search });
    await getRegistrants('ev-cursor', { page: 2, ...search });
    await getRegistrants('ev-cursor', { page: 7, ...search });
    await getRegistrants('ev-cursor', { page: 2, field: 'name', text: 'sari', status: 'confirmed' });
    await getRegistrants('ev-cursor', { page: 2, ...search, status: 'pending' });
    await getRegistrants('ev-other', { page: 2, ...search });
    expect(sent.map((q) => [q.get('page'), q.get('after')])).toEqual([['1', null], ['2', 'cursor-2'], ['7', null], ['2', null], ['2', null], ['2', null]]);
    expect(sent.map((q) => q.get('filters'))).toEqual([null, null, null, '{"name":"sari"}', '{"status":"pending"}', null]);
  });
});

describe('registrantFilters', () => {
  it('sends the search and a status other than the default, else nothing', () => {
    expect(registrantFilters({ field: 'email', text: 'budi', status: 'confirmed' })).toBe('{"email":"budi"}');
    expect(registrantFilters({ field: 'name', text: '', status: 'all' })).toBe('{"status":"all"}');
    expect(registrantFilters({ field: 'name', text: '', status: 'confirmed' })).toBeUndefined();
  });
});
