import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS, type UpdateWebhookBody } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

/** Changes an endpoint's URL or events, or switches it on or off. */
export const updateWebhook = async ({ webhookId, ...body }: UpdateWebhookBody & { webhookId: string }) =>
  (await callAt<typeof WEBHOOKS.update>(A.update, { params: { webhookId }, body })).data.result;

export function useUpdateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
