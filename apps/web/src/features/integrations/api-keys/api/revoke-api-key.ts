import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_ADDRESS as A, type API_KEYS } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';
import { apiKeysKey } from './list-api-keys';

export async function revokeApiKey(id: string) {
  return (await callAt<typeof API_KEYS.revoke>(A.revoke, { params: { id } })).data.result;
}

export function useRevokeApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }) });
}
