import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bankSchema } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export type Bank = z.infer<typeof bankSchema>;

export async function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return (await apiRequest<{ data: { docs: Bank[] } }>('/v1/banks', { signal })).data.docs;
}

/** The bank list is shipped data: fetched once per session. */
export const banksQuery = () => queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

export const useBanks = (enabled = true) => useQuery({ ...banksQuery(), enabled });
