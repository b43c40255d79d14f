import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGE_ID, OWN_MSG } from '@eo/contract';
import { registerPublic } from './auth.js';

const API_PREFIXES = ['/v1/', '/docs', '/healthz', '/readyz', '/files/'];

/** `/embed.js` (the embeddable registration form's host script): an hour, then revalidated. */
export const EMBED_SCRIPT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** `br`, `gzip` or identity, by the request's Accept-Encoding (a `q=0` refuses one). */
function shellEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = new Set(String(request.headers['accept-encoding'] ?? '').split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0]!.trim()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html` for every other GET
 * that asks for HTML (client-side routes), JSON 404 for everything else.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // Read once: the SPA shell is small and only changes with a new build (and a restart).
  const indexHtml = hasWeb ? readFileSync(indexFile) : undefined;
  // The build writes the shell compressed beside it (as every asset); compressing here instead
  // would leave brotli's working memory with the process (about 15 MB of idle RSS).
  const shell = indexHtml && {
    br: existsSync(`${indexFile}.br`) ? readFileSync(`${indexFile}.br`) : brotliCompressSync(indexHtml),
    gzip: existsSync(`${indexFile}.gz`) ? readFileSync(`${indexFile}.gz`) : gzipSync(indexHtml, { level: 9 }),
  };
  if (hasWeb) {
    await registerPublic(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDist,
        // One `/*` route that looks the file up per request: `wildcard: false` registers a GET and
        // a HEAD route per file of the build (over 1,000 with the compressed copies), which held
        // about 13 MB of an idle process. A miss falls through to the not-found handler below.
        wildcard: true,
        // A directory (`/`) is the app's, not a listing or a 403: left to the not-found handler.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        index: false,
        // Our own cache headers below instead of the plugin's default (max-age=0).
        cacheControl: false,
        // The build writes x.js.br and x.js.gz beside each asset: sent by Accept-Encoding; the
        // plugin (since 10) adds `Vary: accept-encoding` to every preCompressed response itself.
        preCompressed: true,
        // Since @fastify/static 10 this gets the Fastify reply (not the raw response), after the plugin's own headers.
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          // Other sites' pages load the embed script at its fixed address: kept an hour by them and
          // by any proxy, then revalidated (ETag), so a new build reaches them within the hour.
          const embed = path.dirname(filePath) === path.resolve(webDist) && /^embed\.js(\.br|\.gz)?$/.test(path.basename(filePath));
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : embed ? EMBED_SCRIPT_CACHE : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A browser asks for HTML; a plain client (curl) asks for anything: both get the app.
    const accept = request.headers.accept ?? '*/*';
    // HEAD like GET (uptime monitors use it); Node leaves the body out.
    const read = request.method === 'GET' || request.method === 'HEAD';
    const wantsHtml = read && (accept.includes('text/html') || accept.includes('*/*'));
    if (indexHtml && shell && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
      const encoding = shellEncoding(request);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (!encoding) return reply.send(indexHtml);
      return reply.header('content-encoding', encoding).send(shell[encoding]);
    }
    return reply.status(404).send({ message: OWN_MSG.notFound, messageId: MESSAGE_ID.notFound });
  });
}
