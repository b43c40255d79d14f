import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SEATS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { eventDetailQuery } from '../../../../lib/event-detail';
import { waitlistKey } from './get-waitlist';

/** `DELETE /v1/events/:id/waitlist/:waitlistId`: a seat the place was offered goes to the next one waiting. */
export async function removeFromWaitlist(eventId: string, waitlistId: string): Promise<void> {
  await call(SEATS.removeFromWaitlist, { params: { id: eventId, waitlistId } });
}

export function useRemoveFromWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waitlistId: string) => removeFromWaitlist(eventId, waitlistId),
    // Read again even after a failure (the place may have moved on meanwhile): the list, whose
    // positions shift, and the detail, since an offer with nobody behind it frees its seat.
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventDetailQuery(eventId).queryKey }),
    ]),
  });
}
