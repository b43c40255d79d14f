import { PAGE_SIZE } from '@eo/contract';

export type ListGroup = 'active' | 'draft' | 'history';
export type SortKey = 'newest' | 'oldest' | 'nameAsc' | 'nameDesc';

/** What a list shows, kept in the URL so that back/forward and reload keep it. */
export interface ListParams { name: string; page: number; paid: 'all' | 'paid' | 'free'; sort: SortKey }

const SORTS: Record<SortKey, { sortParam: 'createdAt' | 'name'; sortBy: 'asc' | 'desc' }> = {
  newest: { sortParam: 'createdAt', sortBy: 'desc' },
  oldest: { sortParam: 'createdAt', sortBy: 'asc' },
  nameAsc: { sortParam: 'name', sortBy: 'asc' },
  nameDesc: { sortParam: 'name', sortBy: 'desc' },
};

export function readListParams(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const paid = search.get('paid');
  const sort = search.get('sort') as SortKey;
  return {
    name: search.get('name') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    paid: paid === 'paid' || paid === 'free' ? paid : 'all',
    sort: sort in SORTS ? sort : 'newest',
  };
}

/** The URL query for params, leaving defaults out. */
export function writeListParams(p: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.name) out.set('name', p.name);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.paid !== 'all') out.set('paid', p.paid);
  if (p.sort !== 'newest') out.set('sort', p.sort);
  return out;
}

/** The API query of `GET /v1/events/lists` or `/v1/events/draft/lists`. */
export function apiQuery(group: ListGroup, p: ListParams) {
  const filters: Record<string, unknown> = {};
  if (p.name.trim()) filters.name = p.name.trim();
  if (p.paid !== 'all') filters.isPaidEvent = p.paid === 'paid';
  return {
    page: p.page,
    limit: PAGE_SIZE,
    ...SORTS[p.sort],
    filters: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
    showSponsored: false,
    showConcludedEvent: group === 'history' ? true : undefined,
  };
}

/** Row numbers continue across pages: page 2 starts at 11. */
export const rowNumber = (page: number, index: number) => (page - 1) * PAGE_SIZE + index + 1;

export const overviewPath = (group: ListGroup, id: string) =>
  group === 'draft' ? `/event/edit/${id}` : `/event/${group}/overview/${id}`;
