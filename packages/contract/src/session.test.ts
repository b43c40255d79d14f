import { describe, expect, it } from 'vitest';
import { absoluteExpiry, loginEntries, REFRESH_SKEW_MS, SESSION_KEYS, sessionState, wibIso } from './session.js';

const NOW = Date.parse('2026-11-21T10:00:00+07:00');
const min = 60_000;

describe('sessionState (spec section 4, Auth)', () => {
  it.each([
    ['both in the future', { expire: NOW + 30 * min, refreshExpire: NOW + 60 * min }, 'valid'],
    ['access passed, refresh not', { expire: NOW - min, refreshExpire: NOW + 60 * min }, 'refresh'],
    ['access about to lapse', { expire: NOW + REFRESH_SKEW_MS - 1, refreshExpire: NOW + 60 * min }, 'refresh'],
    ['both passed', { expire: NOW - 2 * min, refreshExpire: NOW - min }, 'login'],
    ['refresh passed, access not (clock oddity)', { expire: NOW + min, refreshExpire: NOW - min }, 'login'],
    ['ISO strings with the WIB offset', { expire: '2026-11-21T11:00:00+07:00', refreshExpire: '2026-12-21T10:00:00+07:00' }, 'valid'],
    ['unparseable times', { expire: 'soon', refreshExpire: 'later' }, 'login'],
  ] as const)('%s → %s', (_label, session, expected) => {
    expect(sessionState(session, NOW)).toBe(expected);
  });

  it('no stored session → login', () => {
    expect(sessionState(null, NOW)).toBe('login');
    expect(sessionState(undefined, NOW)).toBe('login');
  });

  it('absoluteExpiry turns seconds from now into instants', () => {
    expect(absoluteExpiry(3600, 2592000, NOW)).toEqual({ expire: NOW + 3_600_000, refreshExpire: NOW + 2_592_000_000 });
  });

  it('wibIso writes the instant with the +07:00 offset', () => {
    expect(wibIso(Date.parse('2026-01-01T20:00:00Z'))).toBe('2026-01-02T03:00:00.000+07:00');
    expect(Date.parse(wibIso(123456789))).toBe(123456789);
  });

  it('a sign-in stores the token with absolute WIB expiries, the user and the role names; never the refresh token', () => {
    const entries = loginEntries({
      tokenData: { token: 't', tokenType: 'Bearer', expire: 3600, refreshExpire: 2592000, refreshToken: 'r-secret' } as never,
      user: { email: 'a@b.id' },
      roles: [{ role: { name: 'eventOrganizer' } }, { role: { name: 'admin' } }],
    }, NOW);
    expect(Object.keys(entries).sort()).toEqual([SESSION_KEYS.roles, SESSION_KEYS.token, SESSION_KEYS.user].sort());
    expect(JSON.parse(entries[SESSION_KEYS.token]!)).toEqual({
      token: 't', tokenType: 'Bearer', expire: '2026-11-21T11:00:00.000+07:00', refreshExpire: '2026-12-21T10:00:00.000+07:00',
    });
    expect(JSON.parse(entries[SESSION_KEYS.user]!)).toEqual({ email: 'a@b.id' });
    expect(JSON.parse(entries[SESSION_KEYS.roles]!)).toEqual(['eventOrganizer', 'admin']);
    expect(Object.values(entries).join()).not.toContain('r-secret');
  });
});
