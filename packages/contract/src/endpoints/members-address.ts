import type { EndpointAddress } from '../endpoint.js';

/**
 * The Members screen's calls (`/organization/members`), by address: the screen calls them without
 * zod (`callAt`), which keeps it within its first-load budget.
 */
export const MEMBERS_ADDRESS = {
  members: { method: 'GET', path: '/v1/organizations/:id/members', access: 'user' },
  invite: { method: 'POST', path: '/v1/organizations/:id/invitations', access: 'user' },
  resendInvitation: { method: 'POST', path: '/v1/organizations/:id/invitations/:invitationId/resend', access: 'user' },
  revokeInvitation: { method: 'DELETE', path: '/v1/organizations/:id/invitations/:invitationId', access: 'user' },
  changeRole: { method: 'PUT', path: '/v1/organizations/:id/members/:userId', access: 'user' },
  removeMember: { method: 'DELETE', path: '/v1/organizations/:id/members/:userId', access: 'user' },
  leave: { method: 'POST', path: '/v1/organizations/:id/leave', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
