import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.js';
import { EVENT_MSG, MSG } from '../messages.js';
import { AUDIT_ACTIONS, ORG_ROLES } from '../organization-roles.js';
import { envelope } from './common.js';
import { pagedEnvelope, pagedQuery } from './lists.js';

export const orgRoleSchema = z.enum(ORG_ROLES);
const id = z.uuid();
const email = z.string().trim().min(1, MSG.emailRequired).max(254).pipe(z.email(EVENT_MSG.emailInvalid));
const password = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(PASSWORD_MIN, MSG.passwordMin).max(200);
const name = z.string().trim().min(1).max(100);

export const organizationSchema = z.object({ id: z.string(), name: z.string(), role: orgRoleSchema });
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListResponseSchema = envelope(z.object({ docs: z.array(organizationSchema) }));

export const organizationParamsSchema = z.object({ id });
export const memberParamsSchema = z.object({ id, userId: id });
export const invitationParamsSchema = z.object({ id, invitationId: id });

export const memberSchema = z.object({
  userId: z.string(), email: z.string(), name: z.string(), role: orgRoleSchema, joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const invitationSchema = z.object({
  id: z.string(), email: z.string(), role: orgRoleSchema, expiresAt: z.string(), invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const memberListResponseSchema = envelope(z.object({ docs: z.array(memberSchema), invitations: z.array(invitationSchema) }));

export const inviteSchema = z.object({ email, role: orgRoleSchema });
export const invitationResponseSchema = envelope(z.object({ result: invitationSchema }));
export const memberRoleSchema = z.object({ role: orgRoleSchema });
export const memberResponseSchema = envelope(z.object({ result: memberSchema }));

export const invitationTokenParamsSchema = z.object({ token: z.string().min(16).max(200) });
/** What `/invite/{token}` shows before accepting: whose invitation, for which email, and whether that email has an account. */
export const invitationPreviewResponseSchema = envelope(z.object({
  result: z.object({ organizationName: z.string(), email: z.string(), role: orgRoleSchema, hasAccount: z.boolean(), expiresAt: z.string() }),
}));
export const acceptInvitationSchema = z.object({ name: name.optional(), password: password.optional() });
export const acceptInvitationResponseSchema = envelope(z.object({ result: organizationSchema }));

export const auditQuerySchema = pagedQuery(
  z.object({ userId: id.optional(), action: z.enum(AUDIT_ACTIONS).optional() }).strict(),
  ['createdAt'] as const,
);
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The API key that acted, when a key did (the actor is then the member who made it). */
  apiKey: z.object({ id: z.string(), name: z.string(), prefix: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What the target was called when it happened (an event's name, an invitee's email). */
  summary: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = pagedEnvelope(auditEntrySchema);

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: z.string().min(16).max(200), password });
export const resetLinkParamsSchema = z.object({ token: z.string().min(16).max(200) });
/** A reset link that still works, and until when. */
export const resetLinkResponseSchema = envelope(z.object({ result: z.object({ expiresAt: z.string() }) }));
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, MSG.passwordRequired).max(200), newPassword: password });
export const profileResponseSchema = envelope(z.object({
  result: z.object({ userId: z.string(), email: z.string(), name: z.string(), organizations: z.array(organizationSchema) }),
}));
