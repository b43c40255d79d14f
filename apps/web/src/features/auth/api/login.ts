import { useMutation } from '@tanstack/react-query';
import { AUTH_ADDRESS, PLATFORM_EO_DASHBOARD, type AUTH, type LoginForm, type LoginResponse } from '@eo/contract';
import { callAt } from '../../../lib/api-call';
import { storeLogin } from '../../../lib/session-store';

export async function login(form: LoginForm): Promise<LoginResponse['data']> {
  const res = await callAt<typeof AUTH.login>(AUTH_ADDRESS.login, { body: { ...form, platform: PLATFORM_EO_DASHBOARD } });
  storeLogin(res.data);
  return res.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
