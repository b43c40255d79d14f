import { useMutation } from '@tanstack/react-query';
import { PLATFORM_EO_DASHBOARD, type LoginForm, type LoginResponse } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';
import { storeLogin } from '../../../lib/session-store';

export async function login(form: LoginForm): Promise<LoginResponse['data']> {
  const res = await apiRequest<LoginResponse>('/v1/login/email', {
    method: 'POST', anonymous: true, body: { ...form, platform: PLATFORM_EO_DASHBOARD },
  });
  storeLogin(res.data);
  return res.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
