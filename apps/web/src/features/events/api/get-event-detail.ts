import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The Event of spec section 3 as the detail call answers it. */
export type EventDetail = Record<string, any> & {
  id: string;
  name: string | null;
  isDraft: boolean;
  lastEventAt: string | null;
  registrationMethod: 'internal' | 'external' | null;
  approvedStatus: string | null;
};

export async function getEventDetail(id: string, signal?: AbortSignal): Promise<EventDetail> {
  const res = await apiRequest<{ data: { result: EventDetail } }>('/v1/events/detail', { query: { id }, signal });
  return res.data.result;
}

export const eventDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['events', 'detail', id], queryFn: ({ signal }) => getEventDetail(id, signal), staleTime: 0 });

export const useEventDetail = (id: string | undefined) => useQuery({ ...eventDetailQuery(id ?? ''), enabled: Boolean(id) });
