import { absoluteExpiry, sessionState, type SessionState, type SessionUser, type TokenData } from '@eo/contract';

/**
 * What spec section 3 says is stored locally: the token data (with absolute expiry times),
 * the user and the maintenance flag. One key each, JSON.
 */
const KEYS = { token: 'eo.token', user: 'eo.user', roles: 'eo.roles', maintenance: 'eo.maintenance' } as const;

export interface StoredToken {
  token: string;
  tokenType: string;
  refreshToken: string;
  /** Absolute instants, ISO with the Asia/Jakarta offset. */
  expire: string;
  refreshExpire: string;
}

/** ISO text of an instant on the WIB clock: `2026-11-21T10:00:00.000+07:00`. */
export function wibIso(ms: number): string {
  return new Date(ms + 7 * 3600_000).toISOString().replace('Z', '+07:00');
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function storeTokenData(data: TokenData, nowMs = Date.now()): StoredToken {
  const abs = absoluteExpiry(data.expire, data.refreshExpire, nowMs);
  const stored: StoredToken = {
    token: data.token,
    tokenType: data.tokenType,
    refreshToken: data.refreshToken,
    expire: wibIso(abs.expire),
    refreshExpire: wibIso(abs.refreshExpire),
  };
  localStorage.setItem(KEYS.token, JSON.stringify(stored));
  return stored;
}

export function storeLogin(data: { tokenData: TokenData; user: SessionUser; roles: { role: { name: string } }[] }, nowMs = Date.now()) {
  storeTokenData(data.tokenData, nowMs);
  localStorage.setItem(KEYS.user, JSON.stringify(data.user));
  localStorage.setItem(KEYS.roles, JSON.stringify(data.roles.map((r) => r.role.name)));
}

export const getToken = () => read<StoredToken>(KEYS.token);
export const getUser = () => read<SessionUser>(KEYS.user);
export const getRoles = () => read<string[]>(KEYS.roles) ?? [];

export function currentSessionState(nowMs = Date.now()): SessionState {
  return sessionState(getToken(), nowMs);
}

export function clearSession() {
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.user);
  localStorage.removeItem(KEYS.roles);
}

export const getMaintenanceFlag = () => localStorage.getItem(KEYS.maintenance) === 'true';
export const setMaintenanceFlag = (on: boolean) => localStorage.setItem(KEYS.maintenance, on ? 'true' : 'false');
