import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_ADDRESS, type EVENTS, type EventTotals } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

export async function getEventTotal(): Promise<EventTotals> {
  const res = await callAt<typeof EVENTS.totals>(EVENTS_ADDRESS.totals);
  return res.data;
}

export const eventTotalQuery = queryOptions({ queryKey: ['events', 'total'], queryFn: getEventTotal });

export const useEventTotal = () => useQuery(eventTotalQuery);
