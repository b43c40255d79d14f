import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CERTIFICATES, type CertificateEvent } from '@eo/contract';
import { call } from '../../../lib/api-call';

export type EventOption = Pick<CertificateEvent, 'id' | 'name'> & Partial<Pick<CertificateEvent, 'ended' | 'attendees'>>;

/**
 * The certificate event search: the organization's events a certificate may be made for (over,
 * or with attendees already), by name, ten at a time.
 */
export async function searchEvents(name: string, signal?: AbortSignal): Promise<EventOption[]> {
  return (await call(CERTIFICATES.events, { query: { name: name.trim() || undefined } }, { signal })).data.result;
}

export const useEventSearch = (name: string) =>
  useQuery({
    queryKey: ['certificates', 'event-search', name.trim()],
    queryFn: ({ signal }) => searchEvents(name, signal),
    placeholderData: keepPreviousData,
  });
