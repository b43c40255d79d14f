import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_ID, OWN_MSG } from '@eo/contract';

const API_PREFIXES = ['/v1/', '/docs', '/healthz', '/readyz', '/files/'];

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html` for every other GET
 * that asks for HTML (client-side routes), JSON 404 for everything else.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: OWN_MSG.notFound, messageId: MESSAGE_ID.notFound });
  });
}
