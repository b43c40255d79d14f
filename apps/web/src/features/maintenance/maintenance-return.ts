import { safeRedirect } from '../../lib/safe-redirect';

/**
 * Where a user goes once maintenance ends: the page they had asked for, carried in the
 * history entry of /maintenance (it survives a reload there), and only if it is a same-site path.
 */
export type MaintenanceState = { from?: string } | null | undefined;

export const maintenanceState = (pathname: string, search: string, hash: string): MaintenanceState => ({ from: `${pathname}${search}${hash}` });

export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? (state as { from?: unknown }).from : undefined;
  return safeRedirect(typeof from === 'string' && !from.startsWith('/maintenance') ? from : undefined);
}
