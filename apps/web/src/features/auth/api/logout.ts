import { apiRequest } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/session-store';

/** Ends the session on the server (best effort) and forgets it locally. */
export async function logout(): Promise<void> {
  if (getToken()) {
    await apiRequest('/v1/logout', { method: 'POST' }).catch(() => undefined);
  }
  clearSession();
}
