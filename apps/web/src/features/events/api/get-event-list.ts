import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventListItem, Paged } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';
import { apiQuery, type ListGroup, type ListParams } from '../list-params';

export async function getEventList(group: ListGroup, params: ListParams, signal?: AbortSignal): Promise<Paged<EventListItem>> {
  const path = group === 'draft' ? '/v1/events/draft/lists' : '/v1/events/lists';
  const res = await apiRequest<{ data: Paged<EventListItem> }>(path, { query: apiQuery(group, params), signal });
  return res.data;
}

export const eventListQuery = (group: ListGroup, params: ListParams) =>
  queryOptions({
    queryKey: ['events', 'list', group, params],
    queryFn: ({ signal }) => getEventList(group, params, signal),
    placeholderData: keepPreviousData,
  });

export const useEventList = (group: ListGroup, params: ListParams) => useQuery(eventListQuery(group, params));
