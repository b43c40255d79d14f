import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PARTICIPANTS, type Registrant, type RegistrantQuestion } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type { Registrant };
export interface RegistrantPage { docs: Registrant[]; page: number; limit: number; totalPages: number; totalDocs: number; questions: RegistrantQuestion[] }
export type SearchField = 'name' | 'email' | 'phoneNumber';
export interface RegistrantQuery { page: number; field: SearchField; text: string }

export const registrantFilters = (q: Pick<RegistrantQuery, 'field' | 'text'>) => (q.text ? JSON.stringify({ [q.field]: q.text }) : undefined);

export async function getRegistrants(eventId: string, q: RegistrantQuery, signal?: AbortSignal): Promise<RegistrantPage> {
  const res = await call(PARTICIPANTS.list, {
    query: { eventId, page: q.page, limit: PAGE_SIZE, sortBy: 'desc', sortParam: 'createdAt', filters: registrantFilters(q) },
  }, { signal });
  return res.data;
}

export const useRegistrants = (eventId: string, q: RegistrantQuery) =>
  useQuery(queryOptions({
    queryKey: ['registrants', eventId, q],
    queryFn: ({ signal }) => getRegistrants(eventId, q, signal),
    placeholderData: keepPreviousData,
  }));
