import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MSG } from '@eo/contract';
import { escapeHtml } from '../lib/public-html.js';
import { EMBED_SCRIPT_CACHE } from './web-app.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let web: string;
const EMBED = Buffer.from('(function(){var s=document.currentScript;})();\n');
const BUNDLE = Buffer.from(`export const big = ${JSON.stringify('x'.repeat(5000))};\n`.repeat(20));
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'eo-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>EO</title><div id="root"></div>');
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  // As the build writes them (vite-plugin-compression2).
  writeFileSync(path.join(web, 'assets', 'big-9.js'), BUNDLE);
  writeFileSync(path.join(web, 'assets', 'big-9.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(web, 'assets', 'big-9.js.gz'), gzipSync(BUNDLE));
  writeFileSync(path.join(web, 'embed.js'), EMBED);
  writeFileSync(path.join(web, 'embed.js.br'), brotliCompressSync(EMBED));
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

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

  it('the embed script is JavaScript at its fixed address, kept an hour (then revalidated) and loadable by other sites', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/embed.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe(EMBED_SCRIPT_CACHE);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers.etag).toEqual(expect.any(String));
      const again = await t.app.inject({ method: 'GET', url: '/embed.js', headers: { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    // Any other file at the root is not kept.
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('a path parameter over 100 characters reaches its route: GET is not the shell, POST is not 414', async () => {
    // Not a link we signed: the unsubscribe route's own refusal proves the request got there.
    const url = `/u/${'a'.repeat(60)}.${'b'.repeat(80)}.${'c'.repeat(32)}`;
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect([method, res.statusCode]).toEqual([method, 404]);
      expect(res.body).toContain(escapeHtml(BROADCAST_MSG.unsubscribeInvalid));
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('assets and the shell go out precompressed by Accept-Encoding, with Vary, and decode to the same bytes', async () => {
    const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b };
    for (const [url, original] of [['/assets/big-9.js', BUNDLE], ['/event/history', undefined]] as const) {
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary).toLowerCase(), `${url} identity`).toContain('accept-encoding');
      if (original) expect(plain.rawPayload.equals(original)).toBe(true);
      for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase(), `${url} ${accept}`).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe(original ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (original) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode[encoding](res.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    }
  });

  it('HEAD on app routes answers like GET, without a body', async () => {
    for (const url of ['/login', '/', '/event/history']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.body).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/big-9.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/v1/unknown' })).statusCode).toBe(404);
  });

  it('files are looked up per request inside the build only: no route per file, nothing outside it', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/assets/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).not.toContain('"name"');
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toContain('text/html');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/unknown', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toContain('big-9.js');
  });
});
