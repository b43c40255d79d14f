import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS, type Paged, type WebhookDelivery } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

export const DELIVERIES_PAGE_SIZE = 10;
export const deliveriesKey = (organizationId: string, webhookId: string) => [...webhooksKey(organizationId), webhookId, 'deliveries'] as const;

/** One page of an endpoint's deliveries, newest first. */
export async function getWebhookDeliveries(webhookId: string, page: number, signal?: AbortSignal): Promise<Paged<WebhookDelivery>> {
  return (await callAt<typeof WEBHOOKS.deliveries>(A.deliveries, { params: { webhookId }, query: { page, limit: DELIVERIES_PAGE_SIZE } }, { signal })).data;
}

/** Read again every few seconds while a delivery waits for its try: the log follows the worker. */
export const useWebhookDeliveries = (organizationId: string, webhookId: string, page: number) => useQuery(queryOptions({
  queryKey: [...deliveriesKey(organizationId, webhookId), page],
  queryFn: ({ signal }) => getWebhookDeliveries(webhookId, page, signal),
  placeholderData: keepPreviousData,
  refetchInterval: (q) => (q.state.data?.docs.some((d) => d.status === 'pending') ? 2000 : false),
}));
