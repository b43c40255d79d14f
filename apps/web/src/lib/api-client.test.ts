import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorText, saveErrorText, setUnauthorizedHandler } from './api-client';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { activeOrganizationId, clearActiveOrganization, setActiveOrganization } from './organization-store';
import { clearSession, getToken, storeLogin } from './session-store';

const login = (expire: number) => ({
  tokenData: { token: 'old-token', tokenType: 'Bearer' as const, refreshToken: 'old-refresh', expire, refreshExpire: 86400 },
  roles: [],
  user: { email: 'a@b.id', profile: { userId: 'u', name: 'A', userLevel: { level: 'x' } } },
});

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends the stored token as `tokenType token`', async () => {
    storeLogin(login(3600));
    const fetchMock = vi.fn(async () => respond(200, { data: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/v1/roles/me');
    const init = (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer old-token');
  });

  it('a 401 clears the session and calls the unauthorized handler', async () => {
    storeLogin(login(3600));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', vi.fn(async () => respond(401, { message: 'no', messageId: 'UNAUTHORIZED' })));
    await expect(apiRequest('/v1/events/total')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
  });

  it('refreshes a token that is due before the call, then uses the new one', async () => {
    storeLogin(login(10)); // inside the refresh skew
    const fetchMock = vi.fn(async (url: URL) =>
      url.pathname === '/v1/login/refresh'
        ? respond(200, { data: { tokenData: { token: 'new-token', tokenType: 'Bearer', refreshToken: 'new-refresh', expire: 3600, refreshExpire: 86400 } } })
        : respond(200, { data: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/v1/events/total');
    const calls = fetchMock.mock.calls as unknown as [URL, RequestInit][];
    expect(calls.map(([u]) => u.pathname)).toEqual(['/v1/login/refresh', '/v1/events/total']);
    // The refresh token is the HttpOnly cookie: never in the body, never stored.
    expect(JSON.parse(String(calls[0][1].body))).toEqual({ platform: 'eo_dashboard' });
    expect(calls[0][1].credentials).toBe('same-origin');
    expect((calls[0][1].headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((calls[1][1].headers as Record<string, string>).authorization).toBe('Bearer new-token');
    expect(getToken()).toMatchObject({ token: 'new-token' });
    expect(localStorage.getItem('eo.token')).not.toContain('new-refresh');
  });
});

describe('errorText (spec section 8)', () => {
  it('message, else messageId, else `Error code {code}`', () => {
    expect(errorText(new ApiError(400, { message: 'Missing event name', messageId: 'X' }))).toBe('Missing event name');
    expect(errorText(new ApiError(409, { messageId: 'TICKET_SOLD_OUT' }))).toBe('TICKET_SOLD_OUT');
    expect(errorText(new ApiError(502, {}))).toBe('Error code 502');
    expect(errorText(new Error('x'))).toBe('Something Went Wrong');
  });
});

describe('saveErrorText (spec section 8, create/update failures)', () => {
  const T = 'Request timed out';
  it('says the request timed out after 5000 ms', () => {
    expect(saveErrorText(new DOMException('signal timed out', 'TimeoutError'), T)).toBe(T);
  });
  it('shows the first listed error, prefixed with the error id when there is one', () => {
    const body = { message: 'Missing this required fields: Poster', messageId: 'VALIDATION_ERROR', errors: [{ path: 'imageUrl', message: 'Missing event image' }] };
    expect(saveErrorText(new ApiError(400, body), T)).toBe('Missing event image');
    expect(saveErrorText(new ApiError(500, { message: 'Something Went Wrong', messageId: 'INTERNAL_ERROR', errorId: 'e-1' }), T)).toBe('ID: e-1 Message: Something Went Wrong');
  });
  it('falls back to the message, then the status code', () => {
    expect(saveErrorText(new ApiError(409, { message: 'Custom key not available' }), T)).toBe('Custom key not available');
    expect(saveErrorText(new ApiError(502, {}), T)).toBe('Error code 502');
  });
});

describe('the active organization', () => {
  afterEach(() => clearActiveOrganization());

  it('is sent as x-organization-id on every signed-in call', async () => {
    storeLogin(login(3600));
    setActiveOrganization('u', 'org-2');
    const fetchMock = vi.fn(async () => respond(200, { data: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/v1/events/total');
    const init = (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect((init.headers as Record<string, string>)[ORGANIZATION_HEADER]).toBe('org-2');
    expect(localStorage.getItem('eo.organization.u')).toBe('org-2');
  });

  it('is not sent before one is chosen, nor on anonymous calls, and is forgotten on sign-out', async () => {
    storeLogin(login(3600));
    const fetchMock = vi.fn(async () => respond(200, { data: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/v1/events/total');
    setActiveOrganization('u', 'org-2');
    await apiRequest('/v1/maintenance', { anonymous: true });
    clearSession();
    await apiRequest('/v1/maintenance', { anonymous: true });
    const headers = (fetchMock.mock.calls as unknown as [URL, RequestInit][]).map(([, init]) => (init.headers ?? {}) as Record<string, string>);
    expect(headers.map((h) => h[ORGANIZATION_HEADER])).toEqual([undefined, undefined, undefined]);
    expect(activeOrganizationId()).toBeNull();
  });
});
