import { AUTH_ADDRESS, PLATFORM_EO_DASHBOARD, type AUTH, type EndpointResult } from '@eo/contract';
import { endpointRequest, send } from './http';
import { clearSession, currentSessionState, getToken, hasLegacyRefreshToken, storeTokenData, takeLegacyRefreshToken } from './session-store';

let inFlight: Promise<boolean> | null = null;

/**
 * Gets a new access token; one request however many callers ask. The refresh token is the
 * HttpOnly cookie the browser sends to this route alone (same origin; a JSON body, which the
 * server requires of a cookie refresh); the page never sees it. A token left in storage by an
 * older version is sent once in the body instead (the answer sets the cookie).
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    if (!getToken()) return false;
    const legacy = takeLegacyRefreshToken();
    try {
      // Straight over HTTP, not through the signed-in client, which waits for this refresh.
      const { path, ...request } = endpointRequest<typeof AUTH.refresh>(AUTH_ADDRESS.refresh, {
        body: legacy ? { refreshToken: legacy, platform: PLATFORM_EO_DASHBOARD } : { platform: PLATFORM_EO_DASHBOARD },
      }, { credentials: 'same-origin' });
      const res = await send<EndpointResult<typeof AUTH.refresh>>(path, request);
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
 * (storage cleared). True when the caller may proceed signed in. A session stored by an older
 * version (refresh token in storage) is moved to the cookie at once by one refresh.
 */
export async function ensureSession(): Promise<boolean> {
  const state = currentSessionState();
  if (state === 'valid' && hasLegacyRefreshToken()) return refreshSession();
  if (state === 'valid') return true;
  if (state === 'refresh') return refreshSession();
  clearSession();
  return false;
}
