import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { signAccessToken, tokenKey, verifyAccessToken } from './tokens.js';

describe('access token', () => {
  const key = tokenKey('a-test-secret-of-at-least-32-characters!!');

  it('two tokens for one session minted in the same second differ (unique jti)', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0, 250);
    const a = await signAccessToken(key, { sub: 'u1', sid: 's1' }, 900, now);
    const b = await signAccessToken(key, { sub: 'u1', sid: 's1' }, 900, now);
    expect(a).not.toBe(b);
    const ja = decodeJwt(a).jti;
    const jb = decodeJwt(b).jti;
    expect(typeof ja).toBe('string');
    expect(ja).not.toBe(jb);
  });

  it('still verifies with its jti', async () => {
    const token = await signAccessToken(key, { sub: 'u1', sid: 's1' }, 900);
    expect(await verifyAccessToken(key, token)).toMatchObject({ sub: 'u1', sid: 's1' });
  });
});
