import { useQuery } from '@tanstack/react-query';
import { CERTIFICATES, type AttendeesCount } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** The event's attendees now, and with a certificate how many of them already hold one of it. */
export async function getAttendeesCount(eventId: string, certificateId?: string, signal?: AbortSignal): Promise<AttendeesCount> {
  return (await call(CERTIFICATES.attendeesCount, { query: { eventId, certificateId } }, { signal })).data.result;
}

/** Asked whenever the chosen event changes; idle without one. Check-ins go on, so never cached long. */
export const useAttendeesCount = (eventId: string | undefined, certificateId: string | undefined) =>
  useQuery({
    queryKey: ['certificates', 'attendees-count', eventId ?? null, certificateId ?? null],
    queryFn: ({ signal }) => getAttendeesCount(eventId!, certificateId, signal),
    enabled: Boolean(eventId),
  });
