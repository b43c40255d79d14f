import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The Content-Security-Policy the server sends lets no inline or eval'd script run, and the
 * app shell needs none: the source `index.html` always, the built one when `apps/web/dist`
 * exists. Builds nothing (the browser-side check belongs to the e2e suite).
 */
const webRoot = path.resolve(import.meta.dirname, '../../../web');
const builtIndex = path.join(webRoot, 'dist', 'index.html');

/** Directive name → its sources, from a CSP header value. */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** What in an HTML page would need 'unsafe-inline' for scripts: inline <script> bodies, on* handlers, javascript: URLs. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // JSON data blocks are not executed.
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    if (!/\bsrc\s*=/i.test(attrs) || m[2].trim()) found.push(m[0].slice(0, 120));
  }
  for (const m of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) found.push(`${m[1]} handler`);
  if (/(href|src|action)\s*=\s*["']?\s*javascript:/i.test(html)) found.push('javascript: URL');
  return found;
}

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'eo-web-csp-'));
  writeFileSync(path.join(web, 'index.html'), readFileSync(path.join(webRoot, 'index.html')));
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it('script-src (or its default-src fallback) allows no inline or eval\'d script, on the app shell and on API answers; WebAssembly may compile', async () => {
    for (const url of ['/', '/event/draft', '/healthz', '/v1/maintenance']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const header = res.headers['content-security-policy'];
      expect(header, url).toEqual(expect.any(String));
      const csp = parseCsp(String(header));
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      // The check-in scanner's QR decoder is WebAssembly: compiling it is allowed, eval is not.
      expect(scripts, url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
        for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:']) {
          expect(csp.get(directive) ?? [], `${url} ${directive}`).not.toContain(bad);
        }
      }
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
    }
  });

  it("only the embedded form (and the e-ticket it shows) may be framed, by any site; every other answer keeps frame-ancestors 'none'", async () => {
    const id = '6f1c1f43-6a55-4f43-9d59-4f5f0c7b1a2e';
    const frame = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = parseCsp(String(res.headers['content-security-policy']));
      return { ancestors: csp.get('frame-ancestors'), scripts: csp.get('script-src'), xfo: res.headers['x-frame-options'] };
    };
    for (const url of [`/e/${id}/embed`, `/e/${id}/embed?ref=kampus-ui`, `/e/${id}/embed/ticket/AbCdEfGhIjKlMnOpQrStUv`]) {
      expect(await frame(url), url).toEqual({ ancestors: ['*'], scripts: ["'self'", "'wasm-unsafe-eval'"], xfo: undefined });
    }
    for (const url of [
      `/e/${id}`, `/e/${id}?ref=kampus-ui`, `/e/${id}/ticket/AbCdEfGhIjKlMnOpQrStUv`, `/e/${id}/embedx`, `/e/${id}/embed/ticket/x/calendar.ics`,
      `/e/${id}/embed/other`, `/x/e/${id}/embed`, '/', '/embed.js', '/v1/maintenance', `/v1/events/${id}/links`,
    ]) {
      expect(await frame(url), url).toMatchObject({ ancestors: ["'none'"], xfo: 'SAMEORIGIN' });
    }
  });

  it('the embed script may be loaded by any site; nothing else may', async () => {
    const corp = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'];
    expect(await corp('/embed.js')).toBe('cross-origin');
    expect(await corp('/embed.js?v=2')).toBe('cross-origin');
    for (const url of ['/', '/e/x/embed', '/embed.jsx', '/assets/embed.js', '/healthz']) expect(await corp(url), url).toBe('same-origin');
  });

  it('the inline-script check finds what it must', () => {
    expect(inlineScripts('<script type="module" src="/assets/index-abc.js"></script>')).toEqual([]);
    expect(inlineScripts('<script type="application/ld+json">{"a":1}</script>')).toEqual([]);
    expect(inlineScripts('<script>window.x = 1</script>')).toHaveLength(1);
    expect(inlineScripts('<script type="module">import "/a.js"</script>')).toHaveLength(1);
    expect(inlineScripts('<script src="/a.js">alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<body onload="boot()">')).toEqual(['onload handler']);
    expect(inlineScripts('<a href="javascript:void(0)">x</a>')).toEqual(['javascript: URL']);
  });

  it('the source app shell has no inline script', () => {
    expect(inlineScripts(readFileSync(path.join(webRoot, 'index.html'), 'utf8'))).toEqual([]);
  });

  it.skipIf(!existsSync(builtIndex))('the built app shell (apps/web/dist/index.html) has no inline script, only same-origin ones', () => {
    const html = readFileSync(builtIndex, 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^\/(?!\/)/);
  });
});
