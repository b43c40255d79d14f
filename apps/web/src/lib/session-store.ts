import { clearActiveOrganization } from './organization-store';
import {
  loginEntries, SESSION_KEYS as KEYS, sessionState, storedToken, type SessionState, type SessionUser, type StoredToken, type TokenData,
} from '@eo/contract';

/*
 * The session in localStorage, in the keys and shape of @eo/contract's SESSION_KEYS (spec
 * section 3). Except the refresh token: the server keeps it in an HttpOnly cookie that only the
 * refresh route receives, so no script in the page (an injected one included) can read it. It is
 * never written to localStorage or sessionStorage; `refreshExpire` stays, to know when a refresh
 * is still worth trying.
 */

/** What login and refresh answer; the refresh token in it (when there is one) is ignored. */
export type ReceivedTokenData = Omit<TokenData, 'refreshToken'> & { refreshToken?: string };

/**
 * A refresh token found in storage written by an older version of the app: removed from
 * storage at once and kept in memory for one refresh (sent in the body), whose answer sets
 * the cookie. After that, or after a reload, it is gone.
 */
let legacyRefreshToken: string | null = null;

export const hasLegacyRefreshToken = () => legacyRefreshToken !== null;

export function takeLegacyRefreshToken(): string | null {
  const token = legacyRefreshToken;
  legacyRefreshToken = null;
  return token;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function storeTokenData(data: ReceivedTokenData, nowMs = Date.now()): StoredToken {
  const stored = storedToken(data, nowMs);
  localStorage.setItem(KEYS.token, JSON.stringify(stored));
  legacyRefreshToken = null;
  return stored;
}

export function storeLogin(data: { tokenData: ReceivedTokenData; user: SessionUser; roles: { role: { name: string } }[] }, nowMs = Date.now()) {
  for (const [key, text] of Object.entries(loginEntries(data, nowMs))) localStorage.setItem(key, text);
  legacyRefreshToken = null;
}

export function getToken(): StoredToken | null {
  const stored = read<StoredToken & { refreshToken?: unknown }>(KEYS.token);
  if (!stored || !('refreshToken' in stored)) return stored;
  const { refreshToken, ...rest } = stored;
  if (typeof refreshToken === 'string' && refreshToken) legacyRefreshToken = refreshToken;
  localStorage.setItem(KEYS.token, JSON.stringify(rest));
  return rest;
}
export const getUser = () => read<SessionUser>(KEYS.user);
export const getRoles = () => read<string[]>(KEYS.roles) ?? [];

export function currentSessionState(nowMs = Date.now()): SessionState {
  return sessionState(getToken(), nowMs);
}

export function clearSession() {
  legacyRefreshToken = null;
  clearActiveOrganization();
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.user);
  localStorage.removeItem(KEYS.roles);
}

export const getMaintenanceFlag = () => localStorage.getItem(KEYS.maintenance) === 'true';
export const setMaintenanceFlag = (on: boolean) => localStorage.setItem(KEYS.maintenance, on ? 'true' : 'false');
