import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRACKING_LINKS, type TrackingLink } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export const trackingLinksKey = (eventId: string) => ['events', eventId, 'tracking-links'] as const;

/** An event's tracking links, oldest first. */
export async function getTrackingLinks(eventId: string, signal?: AbortSignal): Promise<TrackingLink[]> {
  return (await call(TRACKING_LINKS.list, { params: { id: eventId } }, { signal })).data.docs;
}

export const useTrackingLinks = (eventId: string | undefined) =>
  useQuery(queryOptions({ queryKey: trackingLinksKey(eventId ?? ''), queryFn: ({ signal }) => getTrackingLinks(eventId!, signal), enabled: Boolean(eventId) }));
