import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAINTENANCE_ADDRESS, type Maintenance, type MAINTENANCE } from '@eo/contract';
import { callAt } from '../../../lib/api-call';
import { getMaintenanceFlag, setMaintenanceFlag } from '../../../lib/session-store';

/** Given up after this long: a hung answer must not hold the page (the stored flag decides then). */
export const MAINTENANCE_TIMEOUT_MS = 5000;

export async function getMaintenance({ signal }: { signal?: AbortSignal } = {}): Promise<Maintenance> {
  const timeout = AbortSignal.timeout(MAINTENANCE_TIMEOUT_MS);
  const res = await callAt<typeof MAINTENANCE.get>(MAINTENANCE_ADDRESS.get, {}, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  setMaintenanceFlag(res.data.status === 'true');
  return res.data;
}

/** How often the status is asked again: inside the app, and on /maintenance (let back in within a minute). */
export const MAINTENANCE_POLL_MS = { app: 60_000, waiting: 20_000 } as const;

export const maintenanceQuery = queryOptions({
  queryKey: ['maintenance'],
  queryFn: getMaintenance,
  refetchInterval: (query) => (query.state.data?.status === 'false' ? MAINTENANCE_POLL_MS.app : MAINTENANCE_POLL_MS.waiting),
  refetchOnWindowFocus: true,
  staleTime: 15_000,
  retry: 1,
});

/**
 * The live status. Until the first answer: `undefined` when the stored flag says "true" (the
 * caller waits for the server rather than trust a flag that may be stale), `false` otherwise;
 * if the server cannot be asked, the stored flag decides.
 */
export function useMaintenance() {
  const query = useQuery(maintenanceQuery);
  const stored = getMaintenanceFlag();
  const on = query.data ? query.data.status === 'true' : query.isError ? stored : stored ? undefined : false;
  return { on, known: query.data !== undefined, data: query.data };
}
