import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_ID, OWN_MSG } from '@eo/contract';
import { registerPublic } from './auth.js';

const API_PREFIXES = ['/v1/', '/docs', '/healthz', '/readyz', '/files/'];

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html` for every other GET
 * that asks for HTML (client-side routes), JSON 404 for everything else.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // Read once: the SPA shell is small and only changes with a new build (and a restart).
  const indexHtml = hasWeb ? readFileSync(indexFile) : undefined;
  if (hasWeb) {
    await registerPublic(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // Our own cache headers below; the plugin's default (max-age=0) would win over them.
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A browser asks for HTML; a plain client (curl) asks for anything: both get the app.
    const accept = request.headers.accept ?? '*/*';
    const wantsHtml = request.method === 'GET' && (accept.includes('text/html') || accept.includes('*/*'));
    if (indexHtml && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ message: OWN_MSG.notFound, messageId: MESSAGE_ID.notFound });
  });
}
