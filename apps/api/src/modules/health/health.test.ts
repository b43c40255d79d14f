import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

describe('health and docs', () => {
  it('healthz and readyz answer 200 while the database is up', async () => {
    expect((await call(t.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
    const ready = await call(t.app, { method: 'GET', url: '/readyz' });
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe('postgres');
  });

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const res = await call(t.app, { method: 'GET', url: '/docs/json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/login/email', '/v1/events/total', '/v1/transactions/eo/summary']));
    expect(JSON.stringify(res.body.paths['/v1/login/email'])).toContain('password');
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/nothing-here' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', messageId: 'NOT_FOUND' });
  });

  it('sets secure headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('readyz answers 503 once the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await call(other.app, { method: 'GET', url: '/readyz' });
    expect(res.status).toBe(503);
    await other.app.close();
  });
});
