import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'eo-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>EO</title><div id="root"></div>');
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('client routes get the app shell, for browsers and plain clients alike', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const res = await t.app.inject({ method: 'GET', url: '/event/draft?page=2', headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('hashed assets are cached for good; API paths never get the shell', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/v1/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().messageId).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/page', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});
