import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EoSummary } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export async function getEoSummary(): Promise<EoSummary> {
  const res = await apiRequest<{ data: { result: EoSummary } }>('/v1/transactions/eo/summary');
  return res.data.result;
}

export const eoSummaryQuery = queryOptions({ queryKey: ['transactions', 'eo', 'summary'], queryFn: getEoSummary });

export const useEoSummary = () => useQuery(eoSummaryQuery);
