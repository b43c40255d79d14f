import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { deliveriesKey } from './get-webhook-deliveries';

/** Queues a `webhook.test` event to the endpoint. */
export const sendWebhookTest = async (webhookId: string) => (await callAt<typeof WEBHOOKS.test>(A.test, { params: { webhookId } })).data.result;

export function useSendWebhookTest(organizationId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendWebhookTest(webhookId), onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(organizationId, webhookId) }) });
}
