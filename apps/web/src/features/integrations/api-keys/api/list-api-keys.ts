import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEYS_ADDRESS as A, type API_KEYS, type ApiKey } from '@eo/contract';
import { callAt } from '../../../../lib/api-call';

export const apiKeysKey = (organizationId: string) => ['organization', organizationId, 'api-keys'] as const;

/** The organization's live keys (the active organization: the client sends its header). */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await callAt<typeof API_KEYS.list>(A.list, {}, { signal })).data.docs;
}

export const useApiKeys = (organizationId: string) =>
  useQuery(queryOptions({ queryKey: apiKeysKey(organizationId), queryFn: ({ signal }) => listApiKeys(signal) }));
