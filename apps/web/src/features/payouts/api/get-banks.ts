import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { REFERENCE, type bankSchema } from '@eo/contract';
import { call } from '../../../lib/api-call';

export type Bank = z.infer<typeof bankSchema>;

export async function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return (await call(REFERENCE.banks, {}, { signal })).data.docs;
}

/** The bank list is shipped data: fetched once per session. */
export const banksQuery = () => queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

export const useBanks = (enabled = true) => useQuery({ ...banksQuery(), enabled });
