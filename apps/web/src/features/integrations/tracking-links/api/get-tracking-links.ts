import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRACKING_LINKS_ADDRESS as A, type TRACKING_LINKS, type TrackingLink } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';

// By address (no zod on this page: its first-load budget; docs/performance.md, Web).
type E = typeof TRACKING_LINKS;

export const trackingLinksKey = (eventId: string) => ['events', eventId, 'tracking-links'] as const;

/** An event's tracking links, oldest first. */
export async function getTrackingLinks(eventId: string, signal?: AbortSignal): Promise<TrackingLink[]> {
  return (await callAt<E['list']>(A.list, { params: { id: eventId } }, { signal })).data.docs;
}

export const useTrackingLinks = (eventId: string | undefined) =>
  useQuery(queryOptions({ queryKey: trackingLinksKey(eventId ?? ''), queryFn: ({ signal }) => getTrackingLinks(eventId!, signal), enabled: Boolean(eventId) }));
