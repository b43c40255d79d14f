import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATIONS, type Invitation, type Member, type OrgRole } from '@eo/contract';
import { call } from '../../../lib/api-call';

export interface MemberList { docs: Member[]; invitations: Invitation[] }

export const membersKey = (organizationId: string) => ['organization', organizationId, 'members'] as const;

export async function getMembers(organizationId: string, signal?: AbortSignal): Promise<MemberList> {
  return (await call(ORGANIZATIONS.members, { params: { id: organizationId } }, { signal })).data;
}

export const useMembers = (organizationId: string, enabled = true) =>
  useQuery(queryOptions({ queryKey: membersKey(organizationId), queryFn: ({ signal }) => getMembers(organizationId, signal), enabled }));

/** The member and invitation changes; each reads the list again once done. */
export function useMemberActions(organizationId: string) {
  const queryClient = useQueryClient();
  const id = organizationId;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: membersKey(id) });
  return {
    invite: useMutation({ mutationFn: (body: { email: string; role: OrgRole }) => call(ORGANIZATIONS.invite, { params: { id }, body }), onSuccess }),
    changeRole: useMutation({ mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) => call(ORGANIZATIONS.changeRole, { params: { id, userId }, body: { role } }), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => call(ORGANIZATIONS.removeMember, { params: { id, userId } }), onSuccess }),
    resend: useMutation({ mutationFn: (invitationId: string) => call(ORGANIZATIONS.resendInvitation, { params: { id, invitationId } }), onSuccess }),
    revoke: useMutation({ mutationFn: (invitationId: string) => call(ORGANIZATIONS.revokeInvitation, { params: { id, invitationId } }), onSuccess }),
    leave: useMutation({ mutationFn: () => call(ORGANIZATIONS.leave, { params: { id } }) }),
  };
}
