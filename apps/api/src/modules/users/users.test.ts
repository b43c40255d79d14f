import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
});
afterAll(() => t.close());

const body = { email: 'eo.baru@demo.id', name: 'EO Baru', password: 'rahasia-123', roles: ['eventOrganizer'] };

describe('POST /v1/admin/users', () => {
  it('a globalAdmin creates an organizer who can sign in; the same email twice is 409', async () => {
    const { token } = await tokenFor(t.app, 'admin@demo.id');
    const res = await call(t.app, { method: 'POST', url: '/v1/admin/users', token, payload: body });
    expect(res.status).toBe(201);
    expect(res.body.data.result.email).toBe('eo.baru@demo.id');
    expect((await tokenFor(t.app, 'eo.baru@demo.id', 'rahasia-123')).token).toBeTruthy();
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/users', token, payload: { ...body, email: 'EO.BARU@demo.id' } })).status).toBe(409);
  });

  it('an organizer may not (403), bad input is 400', async () => {
    const org = await tokenFor(t.app, 'organizer@demo.id');
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/users', token: org.token, payload: { ...body, email: 'x@demo.id' } })).status).toBe(403);
    const { token } = await tokenFor(t.app, 'admin@demo.id');
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/users', token, payload: { ...body, email: 'y@demo.id', roles: ['king'] } })).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/users', token, payload: { ...body, email: 'y@demo.id', password: 'short' } })).body.message).toBe('Password must have at least 8 characters');
  });
});
