import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEBHOOKS, type Webhook } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/** The organization's key: every webhook read names the organization it acts within. */
export const webhooksKey = (organizationId: string) => ['organization', organizationId, 'webhooks'] as const;

export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return (await call(WEBHOOKS.list, {}, { signal })).data.docs;
}

export const useWebhooks = (organizationId: string) =>
  useQuery(queryOptions({ queryKey: webhooksKey(organizationId), queryFn: ({ signal }) => getWebhooks(signal) }));
