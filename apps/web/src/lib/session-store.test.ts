import { describe, expect, it } from 'vitest';
import { clearSession, currentSessionState, getToken, getUser, storeLogin, wibIso } from './session-store';

const login = {
  tokenData: { token: 't', tokenType: 'Bearer' as const, refreshToken: 'r', expire: 3600, refreshExpire: 2592000 },
  roles: [{ role: { name: 'eventOrganizer' } }],
  user: { email: 'a@b.id', profile: { userId: 'u', name: 'A', userLevel: { level: 'Event Organizer' } } },
};

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

  it('clearSession forgets token and user', () => {
    storeLogin(login);
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(currentSessionState()).toBe('login');
  });

  it('wibIso writes the instant with the +07:00 offset', () => {
    expect(wibIso(Date.parse('2026-01-01T20:00:00Z'))).toBe('2026-01-02T03:00:00.000+07:00');
    expect(Date.parse(wibIso(123456789))).toBe(123456789);
  });
});
