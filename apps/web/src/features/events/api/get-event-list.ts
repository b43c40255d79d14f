import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_ADDRESS, type EVENTS, type EventListItem, type Paged } from '@eo/contract';
import { callAt } from '../../../lib/api-call';
import { apiQuery, type ListGroup, type ListParams } from '../list-params';

export async function getEventList(group: ListGroup, params: ListParams, signal?: AbortSignal): Promise<Paged<EventListItem>> {
  // Both lists take the same query and answer the same page.
  const res = await callAt<typeof EVENTS.list>(group === 'draft' ? EVENTS_ADDRESS.draftList : EVENTS_ADDRESS.list, { query: apiQuery(group, params) }, { signal });
  return res.data;
}

export const eventListQuery = (group: ListGroup, params: ListParams) =>
  queryOptions({
    queryKey: ['events', 'list', group, params],
    queryFn: ({ signal }) => getEventList(group, params, signal),
    placeholderData: keepPreviousData,
  });

export const useEventList = (group: ListGroup, params: ListParams) => useQuery(eventListQuery(group, params));
