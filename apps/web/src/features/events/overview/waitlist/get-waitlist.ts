import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, SEATS, type EndpointResult, type WaitlistEntry } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type { WaitlistEntry };
export type WaitlistPage = EndpointResult<typeof SEATS.waitlist>['data'];

/** Every page of an event's waiting list, for invalidation after a removal or a cancellation. */
export const waitlistKey = (eventId: string) => ['waitlist', eventId] as const;

/** `GET /v1/events/:id/waitlist`: every place, in the order people joined. */
export async function getWaitlist(eventId: string, page: number, signal?: AbortSignal): Promise<WaitlistPage> {
  return (await call(SEATS.waitlist, { params: { id: eventId }, query: { page, limit: PAGE_SIZE } }, { signal })).data;
}

export const useWaitlist = (eventId: string, page: number) =>
  useQuery(queryOptions({
    queryKey: [...waitlistKey(eventId), page],
    queryFn: ({ signal }) => getWaitlist(eventId, page, signal),
    placeholderData: keepPreviousData,
  }));
