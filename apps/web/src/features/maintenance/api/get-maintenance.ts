import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Maintenance } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';
import { getMaintenanceFlag, setMaintenanceFlag } from '../../../lib/session-store';

export async function getMaintenance(): Promise<Maintenance> {
  const res = await apiRequest<{ data: Maintenance }>('/v1/maintenance', { anonymous: true });
  setMaintenanceFlag(res.data.status === 'true');
  return res.data;
}

export const maintenanceQuery = queryOptions({
  queryKey: ['maintenance'],
  queryFn: getMaintenance,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 30_000,
});

/** The live status; until the first answer the locally stored flag decides. */
export function useMaintenance() {
  const query = useQuery(maintenanceQuery);
  const on = query.data ? query.data.status === 'true' : getMaintenanceFlag();
  return { on, known: query.data !== undefined, data: query.data };
}
