import { PLATFORM_EO_DASHBOARD, type TokenData } from '@eo/contract';
import { apiRequest } from './api-client';
import { clearSession, currentSessionState, getToken, storeTokenData } from './session-store';

let inFlight: Promise<boolean> | null = null;

/** Exchanges the stored refresh token for a new pair; one request however many callers ask. */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    const refreshToken = getToken()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const res = await apiRequest<{ data: { tokenData: TokenData } }>('/v1/login/refresh', {
        method: 'POST', anonymous: true, body: { refreshToken, platform: PLATFORM_EO_DASHBOARD },
      });
      storeTokenData(res.data.tokenData);
      return true;
    } catch {
      clearSession();
      return false;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Spec section 4: valid → go on; refresh due → refresh; otherwise a new login is needed
 * (storage cleared). True when the caller may proceed signed in.
 */
export async function ensureSession(): Promise<boolean> {
  const state = currentSessionState();
  if (state === 'valid') return true;
  if (state === 'refresh') return refreshSession();
  clearSession();
  return false;
}
