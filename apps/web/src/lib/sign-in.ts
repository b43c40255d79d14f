import { AUTH_ADDRESS, PLATFORM_EO_DASHBOARD, type AUTH, type LoginForm, type LoginResponse } from '@eo/contract';
import { callAt } from './api-call';
import { storeLogin } from './session-store';

/** Signs in with an email and password and keeps the session: the login page, and a new member right after accepting an invitation. */
export async function signIn(form: LoginForm): Promise<LoginResponse['data']> {
  const res = await callAt<typeof AUTH.login>(AUTH_ADDRESS.login, { body: { ...form, platform: PLATFORM_EO_DASHBOARD } });
  storeLogin(res.data);
  return res.data;
}
