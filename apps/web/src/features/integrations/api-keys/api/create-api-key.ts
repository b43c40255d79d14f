import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_ADDRESS as A, type API_KEYS, type CreateApiKey } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { apiKeysKey } from './list-api-keys';

/** Makes a key; its answer is the one time the key itself is seen. */
export async function createApiKey(body: CreateApiKey): Promise<{ id: string; key: string }> {
  return (await callAt<typeof API_KEYS.create>(A.create, { body })).data.result;
}

export function useCreateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }) });
}
