import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_ADDRESS, type EVENTS } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

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
  const res = await callAt<typeof EVENTS.detail>(EVENTS_ADDRESS.detail, { query: { id } }, { signal });
  // The detail's schema on the wire is still loose (issue 15 gives it a real one).
  return res.data.result as EventDetail;
}

export const eventDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['events', 'detail', id], queryFn: ({ signal }) => getEventDetail(id, signal), staleTime: 0 });

export const useEventDetail = (id: string | undefined) => useQuery({ ...eventDetailQuery(id ?? ''), enabled: Boolean(id) });
