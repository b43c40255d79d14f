import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRACKING_LINKS_ADDRESS as A, type TRACKING_LINKS, type TrackingLink, type TrackingLinkBodyInput } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { trackingLinksKey } from './get-tracking-links';

export async function createTrackingLink(eventId: string, body: TrackingLinkBodyInput): Promise<TrackingLink> {
  return (await callAt<typeof TRACKING_LINKS.create>(A.create, { params: { id: eventId }, body })).data.result;
}

/** Makes a link, then reads the event's list again. */
export function useCreateTrackingLink(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingLinkBodyInput) => createTrackingLink(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingLinksKey(eventId) }),
  });
}
