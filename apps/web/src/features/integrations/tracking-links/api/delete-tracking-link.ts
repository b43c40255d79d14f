import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRACKING_LINKS_ADDRESS as A, type TRACKING_LINKS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { trackingLinksKey } from './get-tracking-links';

export async function deleteTrackingLink(eventId: string, code: string): Promise<void> {
  await callAt<typeof TRACKING_LINKS.remove>(A.remove, { params: { id: eventId, code } });
}

/** Removes a link, then reads the event's list again. */
export function useDeleteTrackingLink(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => deleteTrackingLink(eventId, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingLinksKey(eventId) }),
  });
}
