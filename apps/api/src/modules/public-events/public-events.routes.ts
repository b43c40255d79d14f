import type { FastifyInstance } from 'fastify';
import { PUBLIC_EVENTS } from '@eo/contract';
import { notFound } from '../../lib/errors.js';
import { route } from '../../plugins/endpoint-route.js';
import type { OgImageService } from './og-image.service.js';
import type { PublicEventsService } from './public-events.service.js';

/** Public pages (API.md): no token; anything but a published, approved, live event is 404. */
export function publicEventsRoutes(app: FastifyInstance, publicEvents: PublicEventsService, ogImages: OgImageService) {
  route(app, PUBLIC_EVENTS.get, async (request) => ({ data: { result: await publicEvents.get(request.params.eventId, request.query.kode) } }));

  for (const kind of ['page', 'embed'] as const) {
    route(app, PUBLIC_EVENTS[kind], async (request, reply) => {
      const visitor = { ip: request.ip, userAgent: request.headers['user-agent'], counts: request.method === 'GET', ref: request.query.ref };
      const page = await publicEvents[kind](request.params.eventId, visitor, new Date(), request.query.kode);
      // A browser or proxy may keep the page but must ask again every time (no-cache), so an edit
      // shows at once; the page unchanged since, the answer is a bodiless 304.
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (page.status === 404) return reply.status(404).send(page.html);
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.status(200).send(page.html);
    });
  }

  route(app, PUBLIC_EVENTS.ogImage, async (request, reply) => {
    const image = await ogImages.find(request.params.eventId);
    if (!image) throw notFound();
    // Link-preview fetchers may keep it an hour; the ETag (the poster's file id) moves with a new poster.
    const cached = () => reply.header('cache-control', 'public, max-age=3600').header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return cached().status(304).send();
    const file = await image.open();
    if (!file) throw notFound();
    return cached().type('image/jpeg').header('content-length', file.size).header('content-security-policy', "default-src 'none'").send(file.stream);
  });
}
