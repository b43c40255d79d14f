import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATIONS_ADDRESS, type ORGANIZATIONS, type Organization } from '@eo/contract';
import { callAt } from './api-call';
import { activeOrganizationId, rememberedOrganizationId, setActiveOrganization } from './organization-store';
import { getUser } from './session-store';

export const ORGANIZATIONS_KEY = ['organizations'] as const;

/** The membership to act within: the current one, else the remembered one, else the first. */
export function pickActive(docs: readonly Organization[], current: string | null, remembered: string | null): Organization | undefined {
  return docs.find((o) => o.id === current) ?? docs.find((o) => o.id === remembered) ?? docs[0];
}

/**
 * The caller's memberships (by address: the layout loads no zod). The active organization is
 * settled here, before any screen renders with the answer, so every later call carries it.
 */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const res = await callAt<typeof ORGANIZATIONS.list>(ORGANIZATIONS_ADDRESS.list, undefined, { signal });
  const docs = res.data.docs;
  const userId = getUser()?.profile.userId;
  const active = pickActive(docs, activeOrganizationId(), userId ? rememberedOrganizationId(userId) : null);
  if (active) setActiveOrganization(userId, active.id);
  return docs;
}

export const organizationsQuery = queryOptions({ queryKey: ORGANIZATIONS_KEY, queryFn: ({ signal }) => getOrganizations(signal), staleTime: 60_000 });

export const useOrganizations = () => useQuery(organizationsQuery);
