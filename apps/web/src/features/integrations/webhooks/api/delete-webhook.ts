import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

export const deleteWebhook = async (webhookId: string) => (await callAt<typeof WEBHOOKS.remove>(A.remove, { params: { webhookId } })).data.result;

export function useDeleteWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
