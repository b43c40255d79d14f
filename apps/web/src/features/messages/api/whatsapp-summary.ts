import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENT_MESSAGES_ADDRESS as A, type WHATSAPP, type WhatsAppSummary } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

export type { WhatsAppSummary };

/** Read again every ~5 s while any message waits to go: its statuses come in as Meta reports them. */
export const WHATSAPP_POLL_MS = 5000;

/** The event's WhatsApp messages by kind and status (beside the message history). */
export const whatsappSummaryQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['messages', eventId, 'whatsapp'] as const,
    queryFn: async ({ signal }): Promise<WhatsAppSummary> =>
      (await callAt<typeof WHATSAPP.summary>(A.whatsapp, { params: { id: eventId } }, { signal })).data.result,
    refetchInterval: (query) => (query.state.data?.kinds.some((k) => k.counts.queued > 0) ? WHATSAPP_POLL_MS : false),
  });

export const useWhatsAppSummary = (eventId: string) => useQuery(whatsappSummaryQuery(eventId));
