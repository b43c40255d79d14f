import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SEATS, type DecisionResult, type DecisionsBody } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { eventDetailQuery } from '../../../../lib/event-detail';
import { pendingKey } from './get-pending';

/** `POST /v1/events/:id/registrations/decisions`: one outcome per registration. */
export async function decide(eventId: string, body: DecisionsBody): Promise<DecisionResult> {
  return (await call(SEATS.decide, { params: { id: eventId }, body })).data.result;
}

export function useDecide(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionsBody) => decide(eventId, body),
    // Read again even after a failure (some may have been decided): the pending list, the
    // participant list (approved people join it) and the detail (an approval takes a seat).
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: pendingKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: ['registrants', eventId] }),
      queryClient.invalidateQueries({ queryKey: eventDetailQuery(eventId).queryKey }),
    ]),
  });
}
