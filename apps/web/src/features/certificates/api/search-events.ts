import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EVENTS, type EventListItem } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { getUser } from '../../../lib/session-store';

export type EventOption = Pick<EventListItem, 'id' | 'name'>;

/** The certificate event search of spec section 7: the organizer's events by name, ten at a time. */
export async function searchEvents(name: string, signal?: AbortSignal): Promise<EventOption[]> {
  const res = await call(EVENTS.list, {
    query: {
      sortParam: 'createdAt', limit: 10, sortBy: 'desc', page: 1, name: name.trim() || undefined,
      showConcludedEvent: true, creatorEmail: getUser()?.email,
    },
  }, { signal });
  return res.data.docs.map((e) => ({ id: e.id, name: e.name }));
}

export const useEventSearch = (name: string) =>
  useQuery({
    queryKey: ['certificates', 'event-search', name.trim()],
    queryFn: ({ signal }) => searchEvents(name, signal),
    placeholderData: keepPreviousData,
  });
