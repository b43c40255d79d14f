import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_ADDRESS, type EVENTS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';

export interface EventChoice { id: string; name: string }

/** The organization's active events (published, not yet over) whose name contains `name`: the events a link can bring people to. */
export async function searchActiveEvents(name: string, signal?: AbortSignal): Promise<EventChoice[]> {
  const res = await callAt<typeof EVENTS.list>(EVENTS_ADDRESS.list, { query: { page: 1, limit: 20, name: name.trim() || undefined } }, { signal });
  return res.data.docs.map((e) => ({ id: e.id, name: e.name }));
}

export const useActiveEventSearch = (name: string) =>
  useQuery(queryOptions({ queryKey: ['events', 'tracking-link-choice', name.trim()], queryFn: ({ signal }) => searchActiveEvents(name, signal), placeholderData: keepPreviousData }));
