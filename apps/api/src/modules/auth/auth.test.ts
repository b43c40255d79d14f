import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eo/contract';
import { call, createTestApp, login, tokenFor, TEST_JWT_SECRET, type TestApp } from '../../../test/harness.js';
import { createUsers, PASSWORD, passwordHashed } from '../../../test/fixtures.js';
import { createUser } from '../users/users.service.js';
import { signAccessToken, tokenKey } from './tokens.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await createUsers(t.database.db);
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers the token data, roles and profile of API.md', async () => {
    const res = await login(t.app, 'organizer@demo.id', PASSWORD);
    expect(res.status).toBe(200);
    const { tokenData, roles, user } = res.body.data;
    expect(tokenData).toMatchObject({ tokenType: 'Bearer', expire: 3600, refreshExpire: 2592000 });
    expect(tokenData.token).toMatch(/^ey/);
    expect(tokenData.refreshToken.length).toBeGreaterThan(30);
    expect(roles).toEqual([{ role: { name: 'eventOrganizer' } }]);
    expect(user).toEqual({ email: 'organizer@demo.id', profile: { userId: ids.org1, name: 'Organizer Satu', userLevel: { level: 'Event Organizer' } } });
  });

  it('stores passwords hashed with argon2id, never in clear', async () => {
    const user = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, ids.org1) });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(PASSWORD);
  });

  it('accepts the email in any letter case', async () => {
    expect((await login(t.app, 'Organizer@Demo.ID', PASSWORD)).status).toBe(200);
  });

  it('lets a globalAdmin in', async () => {
    const res = await login(t.app, 'admin@demo.id', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.roles).toEqual([{ role: { name: 'globalAdmin' } }]);
  });

  it('refuses a user without a dashboard role with 403 `Restriced access`', async () => {
    const res = await login(t.app, 'participant@demo.id', PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Restriced access');
    expect(res.body.message).toBe(MSG.restricedAccess);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login(t.app, 'admin@demo.id', 'wrong-password', '10.0.0.2');
    const unknown = await login(t.app, 'nobody@demo.id', PASSWORD, '10.0.0.2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('validates the body with the spec messages', async () => {
    const empty = await call(t.app, { method: 'POST', url: '/v1/login/email', payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { message: 'Please input your email', path: 'email' },
      { message: 'Please input your password', path: 'password' },
    ]);
    const short = await call(t.app, { method: 'POST', url: '/v1/login/email', payload: { email: 'a@b.id', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ message: 'Password must have at least 8 characters', path: 'password' }]);
    const platform = await call(t.app, { method: 'POST', url: '/v1/login/email', payload: { email: 'a@b.id', password: PASSWORD, platform: 'mobile' } });
    expect(platform.status).toBe(400);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/login/email', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After after 5 failures for one account from one address, even with the right password', async () => {
    await createUser(t.database.db, { email: 'target@demo.id', name: 'Target', password: await passwordHashed(), roles: ['eventOrganizer'] });
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'target@demo.id', 'bad-password', '10.1.0.1')).status).toBe(401);
    const locked = await call(t.app, {
      method: 'POST', url: '/v1/login/email', remoteAddress: '10.1.0.1',
      payload: { email: 'TARGET@demo.id', password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.body.messageId).toBe('TOO_MANY_REQUESTS');
    // Other accounts are not affected.
    expect((await login(t.app, 'organizer@demo.id', PASSWORD, '10.1.0.1')).status).toBe(200);
  });

  it('a success clears the account counter', async () => {
    await createUser(t.database.db, { email: 'forgetful@demo.id', name: 'Forgetful', password: await passwordHashed(), roles: ['eventOrganizer'] });
    for (let i = 0; i < 4; i++) await login(t.app, 'forgetful@demo.id', 'bad-password', '10.2.0.1');
    expect((await login(t.app, 'forgetful@demo.id', PASSWORD, '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(t.app, 'forgetful@demo.id', 'bad-password', '10.2.0.1');
    expect((await login(t.app, 'forgetful@demo.id', PASSWORD, '10.2.0.1')).status).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 50; i++) await login(t.app, `guess${i}@demo.id`, 'bad-password', ip);
    const blocked = await call(t.app, {
      method: 'POST', url: '/v1/login/email', remoteAddress: ip, payload: { email: 'organizer@demo.id', password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.body.messageId).toBe('TOO_MANY_REQUESTS');
    expect((await login(t.app, 'organizer@demo.id', PASSWORD, '10.3.0.2')).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works and the old refresh token is refused', async () => {
    const first = await tokenFor(t.app, 'organizer@demo.id');
    const r1 = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: first.refreshToken, platform: 'eo_dashboard' } });
    expect(r1.status).toBe(200);
    const second = r1.body.data.tokenData;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: second.token })).status).toBe(200);
    const r2 = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: second.refreshToken, platform: 'eo_dashboard' } });
    expect(r2.status).toBe(200);
  });

  it('a reused refresh token is refused and revokes that session, not others', async () => {
    const victim = await tokenFor(t.app, 'organizer@demo.id');
    const other = await tokenFor(t.app, 'organizer@demo.id');
    const rotated = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: victim.refreshToken } });
    expect(rotated.status).toBe(200);
    const reuse = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: victim.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('Restricted access');
    expect(reuse.body.messageId).toBe('REFRESH_TOKEN_REUSED');
    // The whole session is gone: its latest access token and refresh token too.
    const latest = rotated.body.data.tokenData;
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: latest.token })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: latest.refreshToken } })).status).toBe(401);
    // Another device of the same user keeps working.
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: other.token })).status).toBe(200);
  });

  it('two simultaneous uses of one refresh token never both succeed', async () => {
    const s = await tokenFor(t.app, 'organizer2@demo.id');
    const results = await Promise.all([0, 1, 2].map(() =>
      call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: s.refreshToken } })));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('without a token, or with an unknown one: 401 `Restricted access`', async () => {
    for (const payload of [{}, { refreshToken: '' }, { refreshToken: 'not-a-token' }]) {
      const res = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MSG.restrictedAccess);
    }
  });
});

describe('the refresh token cookie (platform eo_dashboard)', () => {
  const signIn = (email = 'organizer@demo.id') =>
    t.app.inject({ method: 'POST', url: '/v1/login/email', payload: { email, password: PASSWORD, platform: 'eo_dashboard' } });
  const refreshCookie = (res: { cookies: { name: string }[] }) => res.cookies.find((c) => c.name === 'eo_refresh') as
    { name: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; secure?: boolean; expires?: Date } | undefined;
  const refreshWithCookie = (value: string, headers: Record<string, string> = { 'content-type': 'application/json' }, payload: string = JSON.stringify({ platform: 'eo_dashboard' })) =>
    t.app.inject({ method: 'POST', url: '/v1/login/refresh', cookies: { eo_refresh: value }, headers, payload });

  it('login sets it HttpOnly, SameSite=Strict, only for the refresh route, for the refresh lifetime', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookie(res)!;
    expect(cookie).toMatchObject({ value: res.json().data.tokenData.refreshToken, httpOnly: true, sameSite: 'Strict', path: '/v1/login/refresh', maxAge: 2592000 });
    // Plain http here (PUBLIC_URL http://localhost): not Secure, or the browser would drop it.
    expect(cookie.secure).toBeFalsy();
    expect(String(res.headers['set-cookie'])).toMatch(/^eo_refresh=[\w-]+; Max-Age=2592000; Path=\/v1\/login\/refresh; HttpOnly; SameSite=Strict$/);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://eo.example.id' });
    try {
      await createUsers(https.database.db);
      const res = await https.app.inject({ method: 'POST', url: '/v1/login/email', payload: { email: 'organizer@demo.id', password: PASSWORD } });
      expect(refreshCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });

  it('refresh by cookie rotates it and leaves the new refresh token out of the body', async () => {
    const first = refreshCookie(await signIn())!.value;
    const res = await refreshWithCookie(first);
    expect(res.statusCode).toBe(200);
    const { tokenData } = res.json().data;
    expect(tokenData).toEqual({ token: expect.stringMatching(/^ey/), tokenType: 'Bearer', expire: 3600, refreshExpire: 2592000 });
    expect(res.body).not.toContain('refreshToken');
    const second = refreshCookie(res)!;
    expect(second).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/login/refresh', maxAge: 2592000 });
    expect(second.value).not.toBe(first);
    expect(res.body).not.toContain(second.value);
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: tokenData.token })).status).toBe(200);
    expect((await refreshWithCookie(second.value)).statusCode).toBe(200);
  });

  it('a reused cookie is refused, revokes the session and clears the cookie', async () => {
    const first = refreshCookie(await signIn())!.value;
    const rotated = await refreshWithCookie(first);
    expect(rotated.statusCode).toBe(200);
    const reuse = await refreshWithCookie(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ message: 'Restricted access', messageId: 'REFRESH_TOKEN_REUSED' });
    const cleared = refreshCookie(reuse)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/v1/login/refresh');
    // The thief's rotated pair is dead too.
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: rotated.json().data.tokenData.token })).status).toBe(401);
    expect((await refreshWithCookie(refreshCookie(rotated)!.value)).statusCode).toBe(401);
  });

  it('a cookie refresh that is not a JSON request is refused (CSRF: a cross-site form cannot send JSON without a preflight)', async () => {
    const token = refreshCookie(await signIn())!.value;
    for (const [headers, payload] of [
      [{ 'content-type': 'text/plain' }, '{"platform":"eo_dashboard"}'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'platform=eo_dashboard'],
      [{}, ''],
    ] as const) {
      const res = await refreshWithCookie(token, headers, payload);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBe('Restricted access');
    }
    // The token was not spent by those attempts.
    expect((await refreshWithCookie(token)).statusCode).toBe(200);
  });

  it('logout clears the cookie and the session', async () => {
    const login = await signIn();
    const cookie = refreshCookie(login)!.value;
    const res = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: { authorization: `Bearer ${login.json().data.tokenData.token}` } });
    expect(res.statusCode).toBe(204);
    const cleared = refreshCookie(res)!;
    expect(cleared).toMatchObject({ value: '', path: '/v1/login/refresh', httpOnly: true, sameSite: 'Strict' });
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await refreshWithCookie(cookie)).statusCode).toBe(401);
  });

  it('other clients keep the token in the body, in and out', async () => {
    const { refreshToken } = await tokenFor(t.app, 'organizer2@demo.id');
    const res = await t.app.inject({ method: 'POST', url: '/v1/login/refresh', payload: { refreshToken, platform: 'eo_dashboard' } });
    expect(res.statusCode).toBe(200);
    const { tokenData } = res.json().data;
    expect(tokenData.refreshToken).toEqual(expect.any(String));
    expect(tokenData.refreshToken).not.toBe(refreshToken);
    const again = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: tokenData.refreshToken } });
    expect(again.status).toBe(200);
    expect(again.body.data.tokenData.refreshToken).toEqual(expect.any(String));
  });
});

describe('access tokens', () => {
  it('protected routes answer 401 without, with a malformed, a forged or an expired token', async () => {
    const key = tokenKey(TEST_JWT_SECRET);
    const expired = await signAccessToken(key, { sub: ids.org1, sid: '00000000-0000-0000-0000-000000000000' }, 60, Date.now() - 3_600_000);
    const forged = await signAccessToken(tokenKey('another-secret-another-secret-another-secret'), { sub: ids.org1, sid: 'x' }, 3600);
    for (const token of [undefined, 'garbage', forged, expired]) {
      const res = await call(t.app, { method: 'GET', url: '/v1/roles/me', token });
      expect(res.status).toBe(401);
      expect(res.body.messageId).toBe('UNAUTHORIZED');
    }
  });

  it('GET /v1/roles/me lists the caller\'s roles', async () => {
    const { token } = await tokenFor(t.app, 'admin@demo.id');
    const res = await call(t.app, { method: 'GET', url: '/v1/roles/me', token });
    expect(res.body).toEqual({ data: { docs: [{ role: { name: 'globalAdmin' } }] } });
  });

  it('logout ends the session', async () => {
    const s = await tokenFor(t.app, 'organizer@demo.id');
    expect((await call(t.app, { method: 'POST', url: '/v1/logout', token: s.token })).status).toBe(204);
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token: s.token })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: s.refreshToken } })).status).toBe(401);
  });

  it('a token of a user who lost the dashboard roles is refused with 403', async () => {
    const { db } = t.database;
    const { authSessions } = await import('../../db/schema/index.js');
    const [session] = await db.insert(authSessions).values({ userId: ids.participant, platform: 'eo_dashboard' }).returning();
    const token = await signAccessToken(tokenKey(TEST_JWT_SECRET), { sub: ids.participant, sid: session.id }, 3600);
    const res = await call(t.app, { method: 'GET', url: '/v1/roles/me', token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Restriced access');
  });
});
