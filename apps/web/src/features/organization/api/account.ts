import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ACCOUNT, INVITATIONS } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { apiRequest } from '../../../lib/api-client';
import { endpointRequest } from '../../../lib/http';

export const useProfile = () =>
  useQuery(queryOptions({ queryKey: ['profile'], queryFn: async ({ signal }) => (await call(ACCOUNT.profile, undefined, { signal })).data.result }));

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: { currentPassword: string; newPassword: string }) => call(ACCOUNT.changePassword, { body }) });

export const useForgotPassword = () => useMutation({ mutationFn: (email: string) => call(ACCOUNT.forgotPassword, { body: { email } }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => call(ACCOUNT.resetPassword, { body }) });

/** Whether the mailed reset link still works (410 once used or expired), asked before the form is shown. */
export const useResetLink = (token: string) =>
  useQuery(queryOptions({
    queryKey: ['reset-link', token],
    queryFn: async ({ signal }) => (await call(ACCOUNT.resetLink, { params: { token } }, { signal })).data.result,
  }));

export const useInvitation = (token: string) =>
  useQuery(queryOptions({
    queryKey: ['invitation', token],
    queryFn: async ({ signal }) => (await call(INVITATIONS.preview, { params: { token } }, { signal })).data.result,
  }));

/** A new person accepts with a name and password, without a token. */
export const acceptAsNewPerson = (token: string, body: { name: string; password: string }) => call(INVITATIONS.accept, { params: { token }, body });

/** A signed-in user accepts as themselves: the endpoint is public, but this call carries their token. */
export async function acceptAsSignedIn(token: string) {
  type Answer = Awaited<ReturnType<typeof acceptAsNewPerson>>;
  const { path, ...request } = endpointRequest<typeof INVITATIONS.accept>(INVITATIONS.accept, { params: { token }, body: {} });
  return apiRequest<Answer>(path, request);
}
