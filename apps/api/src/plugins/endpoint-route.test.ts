import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@eo/contract';
import type { Endpoint } from '@eo/contract';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { compileDeclared } from './response-serializer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'status' in v && 'response' in v;

/** Every endpoint the contract declares (its groups are the exported objects of endpoints). */
const declared = (Object.values(contract) as unknown[])
  .flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group).filter(isEndpoint) : []));

/** The app's own routes: not the docs UI's, nor the web app's static files and client routes. */
const registered = () => t.app.routeTable
  .filter((r) => !r.url.startsWith('/docs') && !r.url.includes('*') && r.url !== '/' && !r.url.startsWith('/assets'))
  .flatMap((r) => ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => `${m} ${r.url}`));

describe('every route is a contract endpoint', () => {
  it('the app registers exactly the endpoints the contract declares, each once', () => {
    const fromContract = declared.map((e) => `${e.method} ${e.path}`);
    expect(new Set(fromContract).size).toBe(fromContract.length);
    expect(registered().sort()).toEqual([...fromContract].sort());
  });

  it('each route carries its endpoint\'s access and a schema for its success status', () => {
    for (const e of declared) {
      const route = t.app.routeTable.find((r) => r.url === e.path && ([] as string[]).concat(r.method).includes(e.method));
      expect(route?.config, `${e.method} ${e.path}`).toMatchObject({ access: e.access });
      expect((route?.schema as { response?: Record<number, unknown> } | undefined)?.response?.[e.status], `${e.method} ${e.path}`).toBe(e.response);
    }
  });

  it('every answer an endpoint declares has a compiled writer of its declared members (production writes no other)', () => {
    for (const e of declared) {
      for (const [status, schema] of Object.entries({ [e.status]: e.response, ...e.responses })) {
        expect(compileDeclared(schema), `${e.method} ${e.path} ${status}`).toBeTypeOf('function');
      }
    }
  });

  it('/docs documents a success answer for every operation it lists', async () => {
    const doc = (await call(t.app, { method: 'GET', url: '/docs/json' })).body as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        if (!Object.keys(op.responses ?? {}).some((s) => s.startsWith('2'))) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations).toBe(declared.filter((e) => !e.hide).length);
  });
});
