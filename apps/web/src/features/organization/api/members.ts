import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBERS_ADDRESS as A, type Invitation, type Member, type ORGANIZATIONS, type OrgRole } from '@eo/contract';
import { callAt } from '../../../lib/api-call';

// By address (no zod on this screen: its first-load budget; docs/performance.md, Web).
type O = typeof ORGANIZATIONS;

export interface MemberList { docs: Member[]; invitations: Invitation[] }

export const membersKey = (organizationId: string) => ['organization', organizationId, 'members'] as const;

export async function getMembers(organizationId: string, signal?: AbortSignal): Promise<MemberList> {
  return (await callAt<O['members']>(A.members, { params: { id: organizationId } }, { signal })).data;
}

export const useMembers = (organizationId: string, enabled = true) =>
  useQuery(queryOptions({ queryKey: membersKey(organizationId), queryFn: ({ signal }) => getMembers(organizationId, signal), enabled }));

/** The member and invitation changes; each reads the list again once done. */
export function useMemberActions(organizationId: string) {
  const queryClient = useQueryClient();
  const id = organizationId;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: membersKey(id) });
  return {
    invite: useMutation({ mutationFn: (body: { email: string; role: OrgRole }) => callAt<O['invite']>(A.invite, { params: { id }, body }), onSuccess }),
    changeRole: useMutation({ mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) => callAt<O['changeRole']>(A.changeRole, { params: { id, userId }, body: { role } }), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => callAt<O['removeMember']>(A.removeMember, { params: { id, userId } }), onSuccess }),
    resend: useMutation({ mutationFn: (invitationId: string) => callAt<O['resendInvitation']>(A.resendInvitation, { params: { id, invitationId } }), onSuccess }),
    revoke: useMutation({ mutationFn: (invitationId: string) => callAt<O['revokeInvitation']>(A.revokeInvitation, { params: { id, invitationId } }), onSuccess }),
    leave: useMutation({ mutationFn: () => callAt<O['leave']>(A.leave, { params: { id } }) }),
  };
}
