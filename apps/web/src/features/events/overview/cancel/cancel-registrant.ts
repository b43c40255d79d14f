import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SEATS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { eventDetailQuery, type EventDetail } from '../../../../lib/event-detail';
import type { Registrant } from '../api/get-registrants';
import { pendingKey } from '../pending/get-pending';
import { waitlistKey } from '../waitlist/get-waitlist';

/**
 * The tickets whose registrations the organizer may cancel: the free ones (a paid ticket is
 * cancelled and refunded in the app it was bought in; the API refuses it).
 */
export const freeTicketIds = (event: Pick<EventDetail, 'tickets'>) => new Set(event.tickets.filter((t) => t.type === 'free').map((t) => t.id));

/** A registration still holding or awaiting a seat, on a free ticket. */
export const mayCancel = (r: Pick<Registrant, 'status' | 'ticketId'>, free: ReadonlySet<string>) =>
  (r.status === 'confirmed' || r.status === 'pending') && free.has(r.ticketId);

/** `POST /v1/events/:id/registrants/:registrantId/cancel`: the person is mailed the reason, if any. */
export async function cancelRegistrant(eventId: string, registrantId: string, reason: string) {
  return (await call(SEATS.cancel, { params: { id: eventId, registrantId }, body: reason ? { reason } : {} })).data.result;
}

export function useCancelRegistrant(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ registrantId, reason }: { registrantId: string; reason: string }) => cancelRegistrant(eventId, registrantId, reason),
    // Read again even after a refusal (the registration may have changed meanwhile): the
    // participant and pending lists, the waiting list (the freed seat is offered to the first
    // in line) and the detail (seats left).
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['registrants', eventId] }),
      queryClient.invalidateQueries({ queryKey: pendingKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: waitlistKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventDetailQuery(eventId).queryKey }),
    ]),
  });
}
