import { describe, expect, it } from 'vitest';
import { apiQuery, overviewPath, readListParams, rowNumber, writeListParams } from './list-params';

describe('list params', () => {
  it('reads defaults and bad values safely', () => {
    expect(readListParams(new URLSearchParams('page=-3&paid=maybe&sort=x'))).toEqual({ name: '', page: 1, paid: 'all', sort: 'newest' });
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const p = { name: 'lomba', page: 3, paid: 'paid' as const, sort: 'nameAsc' as const };
    expect(writeListParams(p).toString()).toBe('name=lomba&page=3&paid=paid&sort=nameAsc');
    expect(readListParams(writeListParams(p))).toEqual(p);
    expect(writeListParams({ name: '', page: 1, paid: 'all', sort: 'newest' }).toString()).toBe('');
  });

  it('builds the API query with JSON filters', () => {
    expect(apiQuery('history', { name: ' debat ', page: 2, paid: 'free', sort: 'oldest' })).toEqual({
      page: 2, limit: 10, sortParam: 'createdAt', sortBy: 'asc', filters: '{"name":"debat","isPaidEvent":false}', showSponsored: false, showConcludedEvent: true,
    });
    expect(apiQuery('active', { name: '', page: 1, paid: 'all', sort: 'newest' }).filters).toBeUndefined();
  });

  it('numbers rows across pages and links each group', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(2, 0)).toBe(11);
    expect(overviewPath('active', 'x')).toBe('/event/active/overview/x');
    expect(overviewPath('history', 'x')).toBe('/event/history/overview/x');
    expect(overviewPath('draft', 'x')).toBe('/event/edit/x');
  });
});
