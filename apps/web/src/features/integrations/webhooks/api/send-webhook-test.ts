import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { deliveriesKey } from './get-webhook-deliveries';

/** Queues a `webhook.test` event to the endpoint. */
export const sendWebhookTest = async (webhookId: string) => (await call(WEBHOOKS.test, { params: { webhookId } })).data.result;

export function useSendWebhookTest(organizationId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendWebhookTest(webhookId), onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(organizationId, webhookId) }) });
}
