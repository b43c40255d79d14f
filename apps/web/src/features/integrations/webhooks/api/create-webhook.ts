import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_ADDRESS as A, type WEBHOOKS, type CreateWebhookBody } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

/** Adds an endpoint; the answer carries its secret, shown once. */
export const createWebhook = async (body: CreateWebhookBody) => (await callAt<typeof WEBHOOKS.create>(A.create, { body })).data.result;

export function useCreateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
