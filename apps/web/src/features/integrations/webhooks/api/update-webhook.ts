import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS, type UpdateWebhookBody } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

/** Changes an endpoint's URL or events, or switches it on or off. */
export const updateWebhook = async ({ webhookId, ...body }: UpdateWebhookBody & { webhookId: string }) =>
  (await call(WEBHOOKS.update, { params: { webhookId }, body })).data.result;

export function useUpdateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
