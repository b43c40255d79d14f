import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS, type CreateWebhookBody } from '@eo/contract';
import { call } from '../../../../lib/api-call';
import { webhooksKey } from './get-webhooks';

/** Adds an endpoint; the answer carries its secret, shown once. */
export const createWebhook = async (body: CreateWebhookBody) => (await call(WEBHOOKS.create, { body })).data.result;

export function useCreateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }) });
}
