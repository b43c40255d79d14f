import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventTotals } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export async function getEventTotal(): Promise<EventTotals> {
  const res = await apiRequest<{ data: EventTotals }>('/v1/events/total');
  return res.data;
}

export const eventTotalQuery = queryOptions({ queryKey: ['events', 'total'], queryFn: getEventTotal });

export const useEventTotal = () => useQuery(eventTotalQuery);
