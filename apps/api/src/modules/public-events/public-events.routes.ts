import type { FastifyInstance } from 'fastify';
import { PUBLIC_EVENTS } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { PublicEventsService } from './public-events.service.js';

/** Public pages (API.md): no token; anything but a published, approved, live event is 404. */
export function publicEventsRoutes(app: FastifyInstance, publicEvents: PublicEventsService) {
  route(app, PUBLIC_EVENTS.get, async (request) => ({ data: { result: await publicEvents.get(request.params.eventId) } }));

  route(app, PUBLIC_EVENTS.page, async (request, reply) => {
    const { status, html } = await publicEvents.page(request.params.eventId, {
      ip: request.ip, userAgent: request.headers['user-agent'], counts: request.method === 'GET',
    });
    // Rendered per request from the server's cache (checked against the event's version): never
    // stored by a browser or proxy, so an edit shows at once.
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
