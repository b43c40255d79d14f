import { callAt } from '../../../lib/api-call';
import { AUTH_ADDRESS, type AUTH } from '@eo/contract';
import { clearSession, getToken } from '../../../lib/session-store';

/** Ends the session on the server (best effort) and forgets it locally. */
export async function logout(): Promise<void> {
  if (getToken()) {
    await callAt<typeof AUTH.logout>(AUTH_ADDRESS.logout).catch(() => undefined);
  }
  clearSession();
}
