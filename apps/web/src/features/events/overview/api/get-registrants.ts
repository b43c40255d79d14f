import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PARTICIPANTS, type Registrant, type RegistrantQuestion, type RegistrantStatusFilter } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type { Registrant };
export interface RegistrantPage { docs: Registrant[]; page: number; limit: number; totalPages: number; totalDocs: number; questions: RegistrantQuestion[] }
export type SearchField = 'name' | 'email' | 'phoneNumber';
export interface RegistrantQuery { page: number; field: SearchField; text: string; status: RegistrantStatusFilter }

/** The list's `filters`: the search, and the status unless it is the default (participants: confirmed). */
export function registrantFilters(q: Pick<RegistrantQuery, 'field' | 'text' | 'status'>) {
  const filters = { ...(q.text ? { [q.field]: q.text } : {}), ...(q.status !== 'confirmed' ? { status: q.status } : {}) };
  return Object.keys(filters).length ? JSON.stringify(filters) : undefined;
}

/**
 * The `nextCursor` each page answered, as the cursor of the page after it (by event, search and
 * page): paging forward starts where the previous page ended instead of making the server walk
 * an offset (deep pages of a 100,000-registrant event). A page reached otherwise uses its offset.
 */
const cursors = new Map<string, string>();
const cursorKey = (eventId: string, filters: string | undefined, page: number) => `${eventId}\n${filters ?? ''}\n${page}`;

export async function getRegistrants(eventId: string, q: RegistrantQuery, signal?: AbortSignal): Promise<RegistrantPage> {
  const filters = registrantFilters(q);
  const res = await call(PARTICIPANTS.list, {
    query: { eventId, page: q.page, limit: PAGE_SIZE, sortBy: 'desc', sortParam: 'createdAt', filters, after: cursors.get(cursorKey(eventId, filters, q.page)) },
  }, { signal });
  if (cursors.size > 1000) cursors.clear();
  if (res.data.nextCursor) cursors.set(cursorKey(eventId, filters, q.page + 1), res.data.nextCursor);
  return res.data;
}

export const useRegistrants = (eventId: string, q: RegistrantQuery) =>
  useQuery(queryOptions({
    queryKey: ['registrants', eventId, q],
    queryFn: ({ signal }) => getRegistrants(eventId, q, signal),
    placeholderData: keepPreviousData,
  }));
