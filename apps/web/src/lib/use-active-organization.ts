import { useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Organization } from '@eo/contract';
import { activeOrganizationId, setActiveOrganization, subscribeActiveOrganization } from './organization-store';
import { getUser } from './session-store';
import { ORGANIZATIONS_KEY, organizationsQuery, useOrganizations } from './organizations';

export const useActiveOrganizationId = () => useSyncExternalStore(subscribeActiveOrganization, activeOrganizationId);

/** The caller's memberships and the one they act within. */
export function useActiveOrganization() {
  const query = useOrganizations();
  const id = useActiveOrganizationId();
  const organizations: Organization[] = query.data ?? [];
  const active = organizations.find((o) => o.id === id);
  return { query, organizations, active };
}

/**
 * The active membership for a screen inside the layout, read from the cache the layout fills
 * (never fetched from here): undefined while none is known.
 */
export function useActiveMembership(): Organization | undefined {
  const id = useActiveOrganizationId();
  const { data } = useQuery({ ...organizationsQuery, enabled: false });
  return data?.find((o) => o.id === id);
}

/**
 * Acts within another organization: remembered for this user, every cached answer but the
 * memberships dropped (lists, counters, the event being viewed) and back to the overview, so
 * each screen is read again for the new organization.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (id: string) => {
    setActiveOrganization(getUser()?.profile.userId, id);
    // The screens are mounted again under the new organization (keyed by it in the layout) and read afresh.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ORGANIZATIONS_KEY[0] });
    navigate('/');
  };
}
