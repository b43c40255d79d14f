import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, SEATS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import type { RegistrantPage } from '../api/get-registrants';

/** Every page of an event's pending list, for invalidation after a decision. */
export const pendingKey = (eventId: string) => ['registrations', 'pending', eventId] as const;

/** `GET /v1/events/:id/registrations/pending`: oldest first, so the longest waiting are decided first. */
export async function getPending(eventId: string, page: number, signal?: AbortSignal): Promise<RegistrantPage> {
  const res = await call(SEATS.pending, { params: { id: eventId }, query: { page, limit: PAGE_SIZE, sortBy: 'asc', sortParam: 'createdAt' } }, { signal });
  return res.data;
}

export const usePending = (eventId: string, page: number) =>
  useQuery(queryOptions({
    queryKey: [...pendingKey(eventId), page],
    queryFn: ({ signal }) => getPending(eventId, page, signal),
    placeholderData: keepPreviousData,
  }));
