import { afterEach, describe, expect, it, vi } from 'vitest';
import { wibIso } from '@eo/contract';
import { clearSession, getToken, storeLogin } from './session-store';
import { ensureSession, refreshSession } from './session-refresh';

const OLD_REFRESH = 'legacy-refresh-token-from-localstorage';
const user = { email: 'a@b.id', profile: { userId: 'u', name: 'A', userLevel: { level: 'x' } } };

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const newTokens = (refreshToken?: string) =>
  respond(200, { data: { tokenData: { token: 'new-token', tokenType: 'Bearer', expire: 3600, refreshExpire: 86400, ...(refreshToken ? { refreshToken } : {}) } } });

function stubFetch(answer: () => Response) {
  const mock = vi.fn(async (_url: URL, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', mock);
  return () => mock.mock.calls.map(([url, init]) => ({ path: url.pathname, init, body: JSON.parse(String(init.body)) }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('refreshSession', () => {
  it('relies on the cookie: no refresh token in the body, same-origin credentials, JSON', async () => {
    storeLogin({ tokenData: { token: 't', tokenType: 'Bearer', refreshToken: 'ignored', expire: 10, refreshExpire: 86400 }, roles: [], user });
    const calls = stubFetch(() => newTokens());
    expect(await refreshSession()).toBe(true);
    const [call] = calls();
    expect(call.path).toBe('/v1/login/refresh');
    expect(call.body).toEqual({ platform: 'eo_dashboard' });
    expect(call.init.credentials).toBe('same-origin');
    expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(getToken()?.token).toBe('new-token');
  });

  it('a refresh token left in storage by an older version is sent once in the body, then never again', async () => {
    localStorage.setItem('eo.token', JSON.stringify({
      token: 'old', tokenType: 'Bearer', refreshToken: OLD_REFRESH, expire: wibIso(Date.now() + 3600_000), refreshExpire: wibIso(Date.now() + 86400_000),
    }));
    // Answered like a body-token refresh (the server also sets the cookie then).
    const calls = stubFetch(() => newTokens('rotated-in-body'));
    // Still valid, but moved to the cookie at once on route entry.
    expect(await ensureSession()).toBe(true);
    expect(await refreshSession()).toBe(true);
    expect(calls().map((c) => c.body)).toEqual([{ refreshToken: OLD_REFRESH, platform: 'eo_dashboard' }, { platform: 'eo_dashboard' }]);
    expect(localStorage.getItem('eo.token')).not.toContain('refresh-token');
    expect(localStorage.getItem('eo.token')).not.toContain('rotated-in-body');
  });

  it('a refused refresh ends the session', async () => {
    storeLogin({ tokenData: { token: 't', tokenType: 'Bearer', expire: 10, refreshExpire: 86400 }, roles: [], user });
    stubFetch(() => respond(401, { message: 'Restricted access', messageId: 'UNAUTHORIZED' }));
    expect(await refreshSession()).toBe(false);
    expect(getToken()).toBeNull();
  });
});
