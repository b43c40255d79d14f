import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS, type Webhook } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';

/** The organization's key: every webhook read names the organization it acts within. */
export const webhooksKey = (organizationId: string) => ['organization', organizationId, 'webhooks'] as const;

export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return (await callAt<typeof WEBHOOKS.list>(A.list, {}, { signal })).data.docs;
}

export const useWebhooks = (organizationId: string) =>
  useQuery(queryOptions({ queryKey: webhooksKey(organizationId), queryFn: ({ signal }) => getWebhooks(signal) }));
