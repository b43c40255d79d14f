/**
 * Session validity of spec section 4 (Auth): valid while both expiries lie in the future;
 * a refresh is due once the access expiry has passed but the refresh expiry has not;
 * a new login is needed once both have passed (or nothing is stored).
 */
export type SessionState = 'valid' | 'refresh' | 'login';

export interface SessionExpiry {
  /** Absolute times as ISO strings (stored with the Asia/Jakarta offset) or epoch ms. */
  expire: string | number;
  refreshExpire: string | number;
}

/** Seconds of slack so that a token about to lapse is refreshed before a call fails with it. */
export const REFRESH_SKEW_MS = 30_000;

function toMs(t: string | number): number {
  return typeof t === 'number' ? t : Date.parse(t);
}

export function sessionState(session: SessionExpiry | null | undefined, nowMs: number): SessionState {
  if (!session) return 'login';
  const access = toMs(session.expire);
  const refresh = toMs(session.refreshExpire);
  if (!Number.isFinite(access) || !Number.isFinite(refresh)) return 'login';
  if (refresh <= nowMs) return 'login';
  if (access - REFRESH_SKEW_MS <= nowMs) return 'refresh';
  return 'valid';
}

/** Turns the login answer's `expire`/`refreshExpire` (seconds from now) into absolute epoch ms. */
export function absoluteExpiry(expireSeconds: number, refreshExpireSeconds: number, nowMs: number) {
  return { expire: nowMs + expireSeconds * 1000, refreshExpire: nowMs + refreshExpireSeconds * 1000 };
}

/**
 * What spec section 3 says the dashboard stores locally, one localStorage key each, JSON: the
 * token data (with absolute expiry times), the user, the roles and the maintenance flag.
 */
export const SESSION_KEYS = { token: 'eo.token', user: 'eo.user', roles: 'eo.roles', maintenance: 'eo.maintenance' } as const;

/** The stored token: never the refresh token, which the server keeps in an HttpOnly cookie. */
export interface StoredToken {
  token: string;
  tokenType: string;
  /** Absolute instants, ISO with the Asia/Jakarta offset. */
  expire: string;
  refreshExpire: string;
}

/** ISO text of an instant on the WIB clock: `2026-11-21T10:00:00.000+07:00`. */
export function wibIso(ms: number): string {
  return new Date(ms + 7 * 3600_000).toISOString().replace('Z', '+07:00');
}

/** The token as stored, from the login or refresh answer's (expiries in seconds from `nowMs`). */
export function storedToken(data: { token: string; tokenType: string; expire: number; refreshExpire: number }, nowMs: number): StoredToken {
  const abs = absoluteExpiry(data.expire, data.refreshExpire, nowMs);
  return { token: data.token, tokenType: data.tokenType, expire: wibIso(abs.expire), refreshExpire: wibIso(abs.refreshExpire) };
}

/** Every key a sign-in writes, with its text: the login answer's token, user and role names. */
export function loginEntries(
  data: { tokenData: Parameters<typeof storedToken>[0]; user: unknown; roles: { role: { name: string } }[] }, nowMs: number,
): Record<string, string> {
  return {
    [SESSION_KEYS.token]: JSON.stringify(storedToken(data.tokenData, nowMs)),
    [SESSION_KEYS.user]: JSON.stringify(data.user),
    [SESSION_KEYS.roles]: JSON.stringify(data.roles.map((r) => r.role.name)),
  };
}
