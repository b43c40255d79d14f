import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATIONS, PAGE_SIZE, type AuditAction, type AuditEntry } from '@eo/contract';
import { call } from '../../../lib/api-call';

export interface AuditFilter { page: number; userId?: string; action?: AuditAction }
export interface AuditPage { docs: AuditEntry[]; page: number; limit: number; totalDocs: number; totalPages: number }

/** The list's `filters` parameter (JSON of the chosen person and action), absent when none is chosen. */
export function auditFilters({ userId, action }: Pick<AuditFilter, 'userId' | 'action'>): string | undefined {
  const chosen = { ...(userId ? { userId } : {}), ...(action ? { action } : {}) };
  return Object.keys(chosen).length ? JSON.stringify(chosen) : undefined;
}

export async function getAudit(organizationId: string, f: AuditFilter, signal?: AbortSignal): Promise<AuditPage> {
  const res = await call(ORGANIZATIONS.audit, {
    params: { id: organizationId },
    query: { page: f.page, limit: PAGE_SIZE, sortBy: 'desc', sortParam: 'createdAt', filters: auditFilters(f) },
  }, { signal });
  return res.data;
}

export const useAudit = (organizationId: string, f: AuditFilter) =>
  useQuery(queryOptions({
    queryKey: ['organization', organizationId, 'audit', f],
    queryFn: ({ signal }) => getAudit(organizationId, f, signal),
    placeholderData: keepPreviousData,
  }));
