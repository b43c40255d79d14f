import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
  ({ token } = await tokenFor(t.app, 'organizer@demo.id'));
});
afterAll(() => t.close());

describe('GET /v1/banks', () => {
  it('lists the Indonesian banks with their clearing codes, by name', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/banks', token });
    expect(res.status).toBe(200);
    const docs = res.body.data.docs as { code: string; name: string }[];
    for (const [code, name] of [['014', 'BCA'], ['009', 'BNI'], ['002', 'BRI'], ['008', 'Mandiri'], ['451', 'BSI'], ['022', 'CIMB Niaga'], ['013', 'Permata'], ['011', 'Danamon'], ['200', 'BTN']]) {
      expect(docs.find((b) => b.code === code)?.name).toContain(name);
    }
    expect(new Set(docs.map((b) => b.code)).size).toBe(docs.length);
    expect(docs.every((b) => /^\d{3}$/.test(b.code))).toBe(true);
    expect(docs.map((b) => b.name)).toEqual([...docs.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'id')));
  });
});
