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
