import type { DashboardRole } from '@eo/contract';

/** Who is calling, decided by the server from the access token and the session row. */
export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  level: string;
  roles: string[];
  isAdmin: boolean;
}

export const hasDashboardRole = (roles: readonly string[]) =>
  roles.some((r): r is DashboardRole => r === 'globalAdmin' || r === 'eventOrganizer');
