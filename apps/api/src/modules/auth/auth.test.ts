import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eo/contract';
import { call, createTestApp, login, tokenFor, TEST_JWT_SECRET, type TestApp } from '../../../test/harness.js';
import { createUsers, PASSWORD } from '../../../test/fixtures.js';
import { createUser } from '../users/users.service.js';
import { signAccessToken, tokenKey } from './tokens.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await createUsers(t.database.db);
});
afterAll(() => t.close());

describe(`sign-in (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
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
  it('answers 429 with Retry-After after 5 failures for one account, even with the right password', async () => {
    await createUser(t.database.db, { email: 'target@demo.id', name: 'Target', password: PASSWORD, roles: ['eventOrganizer'] });
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'target@demo.id', 'bad-password', '10.1.0.1')).status).toBe(401);
    const locked = await call(t.app, {
      method: 'POST', url: '/v1/login/email', remoteAddress: '10.1.0.9',
      payload: { email: 'TARGET@demo.id', password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.body.messageId).toBe('TOO_MANY_REQUESTS');
    // Other accounts are not affected.
    expect((await login(t.app, 'organizer@demo.id', PASSWORD, '10.1.0.1')).status).toBe(200);
  });

  it('a success clears the account counter', async () => {
    await createUser(t.database.db, { email: 'forgetful@demo.id', name: 'Forgetful', password: PASSWORD, roles: ['eventOrganizer'] });
    for (let i = 0; i < 4; i++) await login(t.app, 'forgetful@demo.id', 'bad-password', '10.2.0.1');
    expect((await login(t.app, 'forgetful@demo.id', PASSWORD, '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(t.app, 'forgetful@demo.id', 'bad-password', '10.2.0.1');
    expect((await login(t.app, 'forgetful@demo.id', PASSWORD, '10.2.0.1')).status).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 50; i++) await login(t.app, `guess${i}@demo.id`, 'bad-password', ip);
    expect((await login(t.app, 'organizer@demo.id', PASSWORD, ip)).status).toBe(429);
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
