import { endpoint } from '../endpoint.js';
import {
  acceptInvitationResponseSchema, acceptInvitationSchema, auditListResponseSchema, auditQuerySchema, changePasswordSchema, forgotPasswordSchema,
  invitationParamsSchema, invitationPreviewResponseSchema, invitationResponseSchema, invitationTokenParamsSchema, inviteSchema,
  memberListResponseSchema, memberParamsSchema, memberResponseSchema, memberRoleSchema, organizationListResponseSchema,
  organizationParamsSchema, profileResponseSchema, resetLinkParamsSchema, resetLinkResponseSchema, resetPasswordSchema,
} from '../schemas/organizations.js';
import { messageResponseSchema } from '../schemas/common.js';
import { ORGANIZATIONS_ADDRESS } from './addresses.js';
import { MEMBERS_ADDRESS as M } from './members-address.js';

const tags = ['organizations'] as const;

/**
 * API.md, "Organizations and accounts": the caller's organizations, their members and
 * invitations, and the audit log. `:id` is the organization; it must also be the one the
 * request acts within (`X-Organization-Id`, or the caller's oldest membership).
 */
export const ORGANIZATIONS = {
  list: endpoint({ ...ORGANIZATIONS_ADDRESS.list, tags, action: 'self', status: 200, response: organizationListResponseSchema }),
  members: endpoint({ ...M.members, tags, action: 'members', organizationParam: 'id', params: organizationParamsSchema, status: 200, response: memberListResponseSchema }),
  invite: endpoint({ ...M.invite, tags, action: 'members', organizationParam: 'id', params: organizationParamsSchema, body: inviteSchema, status: 201, response: invitationResponseSchema }),
  /** A new link (the old one stops working) and a new 7 days. */
  resendInvitation: endpoint({
    ...M.resendInvitation, tags, action: 'members', organizationParam: 'id', params: invitationParamsSchema, status: 200, response: invitationResponseSchema,
  }),
  revokeInvitation: endpoint({ ...M.revokeInvitation, tags, action: 'members', organizationParam: 'id', params: invitationParamsSchema, status: 200, response: invitationResponseSchema }),
  changeRole: endpoint({ ...M.changeRole, tags, action: 'members', organizationParam: 'id', params: memberParamsSchema, body: memberRoleSchema, status: 200, response: memberResponseSchema }),
  removeMember: endpoint({ ...M.removeMember, tags, action: 'members', organizationParam: 'id', params: memberParamsSchema, status: 200, response: memberResponseSchema }),
  /** Any member leaves; the last owner cannot (409 LAST_OWNER). */
  leave: endpoint({ ...M.leave, tags, action: 'self', organizationParam: 'id', params: organizationParamsSchema, status: 200, response: memberResponseSchema }),
  audit: endpoint({ method: 'GET', path: '/v1/organizations/:id/audit', tags, action: 'audit', organizationParam: 'id', params: organizationParamsSchema, query: auditQuerySchema, status: 200, response: auditListResponseSchema }),
};

/** `/invite/{token}`: public for a new person; with `Authorization` an existing user accepts as themselves. */
export const INVITATIONS = {
  preview: endpoint({ method: 'GET', path: '/v1/invitations/:token', tags, access: 'public', params: invitationTokenParamsSchema, status: 200, response: invitationPreviewResponseSchema }),
  accept: endpoint({
    method: 'POST', path: '/v1/invitations/:token/accept', tags, access: 'public', params: invitationTokenParamsSchema, body: acceptInvitationSchema, status: 200, response: acceptInvitationResponseSchema,
  }),
};

/** Passwords and the profile. */
export const ACCOUNT = {
  profile: endpoint({ method: 'GET', path: '/v1/profile', tags: ['auth'], action: 'self', status: 200, response: profileResponseSchema }),
  /** 202 whether or not the email has an account. */
  forgotPassword: endpoint({ method: 'POST', path: '/v1/password/forgot', tags: ['auth'], access: 'public', body: forgotPasswordSchema, status: 202, response: messageResponseSchema }),
  /** Whether a mailed reset link still works, before anything is typed: 410 RESET_LINK_EXPIRED when used or expired. */
  resetLink: endpoint({ method: 'GET', path: '/v1/password/reset/:token', tags: ['auth'], access: 'public', params: resetLinkParamsSchema, status: 200, response: resetLinkResponseSchema }),
  resetPassword: endpoint({ method: 'POST', path: '/v1/password/reset', tags: ['auth'], access: 'public', body: resetPasswordSchema, status: 200, response: messageResponseSchema }),
  /** Every other session of the user is signed out. */
  changePassword: endpoint({ method: 'POST', path: '/v1/password/change', tags: ['auth'], action: 'self', body: changePasswordSchema, status: 200, response: messageResponseSchema }),
};
