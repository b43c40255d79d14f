import type { Invitation, Member } from '@eo/contract';
import type { InvitationRow } from './invitations.repository.js';
import type { MemberRow } from './members.repository.js';

/** A member and an invitation as the API shows them. */
export const memberOut = (m: MemberRow): Member => ({ userId: m.userId, email: m.email, name: m.name, role: m.role, joinedAt: m.joinedAt.toISOString() });
export const invitationOut = (i: Pick<InvitationRow, 'id' | 'email' | 'role' | 'expiresAt' | 'invitedBy'>): Invitation => ({
  id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString(), invitedBy: i.invitedBy ?? null,
});
