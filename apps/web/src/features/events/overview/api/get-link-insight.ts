import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRACKING_LINKS, type TrackingLinkInsight } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/** Visits, registrations and check-ins per tracking link of the event (Insight tab). */
export async function getLinkInsight(eventId: string, signal?: AbortSignal): Promise<TrackingLinkInsight[]> {
  return (await call(TRACKING_LINKS.insight, { params: { id: eventId } }, { signal })).data.docs;
}

export const useLinkInsight = (eventId: string) =>
  useQuery(queryOptions({ queryKey: ['insight', eventId, 'links'], queryFn: ({ signal }) => getLinkInsight(eventId, signal) }));
