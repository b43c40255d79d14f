import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_ADDRESS, type EVENTS, type EventDetail } from '@eo/contract';
import { callAt } from './api-call';

/** The Event of spec section 3 as the detail call answers it (the contract's schema). */
export type { EventDetail };

export async function getEventDetail(id: string, signal?: AbortSignal): Promise<EventDetail> {
  return (await callAt<typeof EVENTS.detail>(EVENTS_ADDRESS.detail, { query: { id } }, { signal })).data.result;
}

export const eventDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['events', 'detail', id], queryFn: ({ signal }) => getEventDetail(id, signal), staleTime: 0 });

export const useEventDetail = (id: string | undefined) => useQuery({ ...eventDetailQuery(id ?? ''), enabled: Boolean(id) });
