import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { deliveriesKey } from './get-webhook-deliveries';

/** Tries a settled delivery again now. */
export const retryWebhookDelivery = async ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
  (await call(WEBHOOKS.retry, { params: { webhookId, deliveryId } })).data.result;

export function useRetryWebhookDelivery(organizationId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryWebhookDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(organizationId, webhookId) }) });
}
