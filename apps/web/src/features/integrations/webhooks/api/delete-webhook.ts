import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

export const deleteWebhook = async (webhookId: string) => (await call(WEBHOOKS.remove, { params: { webhookId } })).data.result;

export function useDeleteWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
