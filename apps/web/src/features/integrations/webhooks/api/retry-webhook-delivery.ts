import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { deliveriesKey } from './get-webhook-deliveries';

/** Tries a settled delivery again now. */
export const retryWebhookDelivery = async ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
  (await callAt<typeof WEBHOOKS.retry>(A.retry, { params: { webhookId, deliveryId } })).data.result;

export function useRetryWebhookDelivery(organizationId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryWebhookDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(organizationId, webhookId) }) });
}
