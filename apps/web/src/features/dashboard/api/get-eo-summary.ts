import { queryOptions, useQuery } from '@tanstack/react-query';
import { SALES_ADDRESS, type EoSummary, type SALES } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

export async function getEoSummary(): Promise<EoSummary> {
  const res = await callAt<typeof SALES.eoSummary>(SALES_ADDRESS.eoSummary);
  return res.data.result;
}

export const eoSummaryQuery = queryOptions({ queryKey: ['transactions', 'eo', 'summary'], queryFn: getEoSummary });

/** Off for a role without 'sales' (the API would answer 403). */
export const useEoSummary = (enabled = true) => useQuery({ ...eoSummaryQuery, enabled });
