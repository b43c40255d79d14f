import { describe, expect, it } from 'vitest';
import { wibIso } from '@eo/contract';
import {
  clearSession, currentSessionState, getToken, getUser, hasLegacyRefreshToken, storeLogin, storeTokenData, takeLegacyRefreshToken,
} from './session-store';

const REFRESH = 'r-5ecret-refresh-token-value';
const login = {
  tokenData: { token: 't', tokenType: 'Bearer' as const, refreshToken: REFRESH, expire: 3600, refreshExpire: 2592000 },
  roles: [{ role: { name: 'eventOrganizer' } }],
  user: { email: 'a@b.id', profile: { userId: 'u', name: 'A', userLevel: { level: 'Event Organizer' } } },
};

/** Every key and value an injected script could read from web storage. */
function everythingStored(): string {
  const all: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      all.push(key, storage.getItem(key) ?? '');
    }
  }
  return all.join('\n');
}

describe('session store', () => {
  it('stores absolute expiry times on the Asia/Jakarta clock', () => {
    const now = Date.parse('2026-11-21T03:00:00Z');
    storeLogin(login, now);
    expect(getToken()).toMatchObject({ expire: '2026-11-21T11:00:00.000+07:00', refreshExpire: '2026-12-21T10:00:00.000+07:00' });
    expect(getUser()?.profile.name).toBe('A');
    expect(currentSessionState(now)).toBe('valid');
    expect(currentSessionState(now + 3600_000)).toBe('refresh');
    expect(currentSessionState(now + 2592000_000)).toBe('login');
  });

  it('never writes the refresh token to web storage (it lives in an HttpOnly cookie)', () => {
    storeLogin(login);
    storeTokenData({ ...login.tokenData, token: 't2', refreshToken: `${REFRESH}-2` });
    const stored = everythingStored();
    expect(stored).toContain('t2');
    expect(stored).not.toContain(REFRESH);
    expect(stored).not.toMatch(/refreshToken/);
    expect(getToken()).toEqual({ token: 't2', tokenType: 'Bearer', expire: expect.any(String), refreshExpire: expect.any(String) });
    expect(hasLegacyRefreshToken()).toBe(false);
  });

  it('drops a refresh token an older version left in storage, keeping it in memory for one refresh only', () => {
    localStorage.setItem('eo.token', JSON.stringify({
      token: 'old', tokenType: 'Bearer', refreshToken: REFRESH, expire: wibIso(Date.now() + 3600_000), refreshExpire: wibIso(Date.now() + 86400_000),
    }));
    expect(getToken()).toEqual({ token: 'old', tokenType: 'Bearer', expire: expect.any(String), refreshExpire: expect.any(String) });
    expect(everythingStored()).not.toContain(REFRESH);
    expect(currentSessionState()).toBe('valid');
    expect(hasLegacyRefreshToken()).toBe(true);
    expect(takeLegacyRefreshToken()).toBe(REFRESH);
    expect(takeLegacyRefreshToken()).toBeNull();
  });

  it('clearSession forgets token and user (and a legacy refresh token held in memory)', () => {
    localStorage.setItem('eo.token', JSON.stringify({ token: 'old', tokenType: 'Bearer', refreshToken: REFRESH, expire: 'x', refreshExpire: 'y' }));
    getToken();
    storeLogin(login);
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(currentSessionState()).toBe('login');
    expect(takeLegacyRefreshToken()).toBeNull();
  });
});
