import type { ApiKeyScope, DashboardRole, OrgRole } from '@eo/contract';

/** Who is calling, decided by the server from the access token and the session row. */
export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  level: string;
  roles: string[];
  isAdmin: boolean;
  /**
   * The organization the request acts within (X-Organization-Id, else the oldest membership)
   * and the caller's role there; unset for a user with no membership. Set by the access gate.
   */
  organizationId?: string;
  role?: OrgRole;
  /**
   * Set when an organization API key calls (`eo_live_…`): it acts for its own organization only,
   * within its scopes, in the name of the member who made it (userId); it has no role there.
   */
  apiKey?: { id: string; name: string; prefix: string; scopes: ApiKeyScope[] };
  /** Where the request came from, for the audit log. */
  origin?: { ip: string; userAgent?: string };
}

export const hasDashboardRole = (roles: readonly string[]) =>
  roles.some((r): r is DashboardRole => r === 'globalAdmin' || r === 'eventOrganizer');
