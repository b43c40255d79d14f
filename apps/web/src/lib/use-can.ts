import { roleAllows, type OrgAction, type OrgRole } from '@eo/contract';
import { getRoles } from './session-store';
import { useActiveMembership } from './use-active-organization';

/**
 * Whether a globalAdmin or this role may do `action` (the contract's permission table, as the
 * API checks it). No known membership (a screen outside the dashboard layout, which reads the
 * memberships before any screen) hides nothing: the API still decides.
 */
export function allows(roles: readonly string[], role: OrgRole | undefined, action: OrgAction, known = true): boolean {
  return !known || roles.includes('globalAdmin') || roleAllows(role, action);
}

/** A checker for the signed-in user in the active organization: hide what the API would refuse. */
export function useCanDo(): (action: OrgAction) => boolean {
  const active = useActiveMembership();
  const roles = getRoles();
  return (action) => allows(roles, active?.role, action, active !== undefined);
}

/** May the signed-in user do `action` in the active organization? */
export function useCan(action: OrgAction): boolean {
  return useCanDo()(action);
}
