import type { FastifyInstance } from 'fastify';
import { EVENTS, PUBLIC_TWIBBONS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { EntryAssets } from '../../lib/public-assets.js';
import { makerNotFoundPage, makerPage } from './maker-page.js';
import type { PublicTwibbonService } from './public-twibbon.service.js';
import type { TwibbonService } from './twibbon.service.js';

export function twibbonRoutes(app: FastifyInstance, twibbon: TwibbonService) {
  route(app, EVENTS.customKeyFree, async (request) => {
    await twibbon.assertKeyFree(callerOf(request), request.query.customKey, request.query.eventIdNe);
    return { data: { result: true as const } };
  });
}

/** The public maker (no token): its data, its download counter and its page. */
export function publicTwibbonRoutes(app: FastifyInstance, twibbons: PublicTwibbonService, { assets, siteName }: { assets: EntryAssets; siteName: string }) {
  route(app, PUBLIC_TWIBBONS.get, async (request) => ({ data: { result: await twibbons.get(request.params.customKey) } }));

  route(app, PUBLIC_TWIBBONS.use, async (request, reply) => {
    await twibbons.countUse(request.params.customKey, { ip: request.ip, userAgent: request.headers['user-agent'] });
    return reply.status(204).send();
  });

  route(app, PUBLIC_TWIBBONS.page, async (request, reply) => {
    const found = await twibbons.find(request.params.customKey);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!found) return reply.status(404).send(makerNotFoundPage(siteName));
    return reply.status(200).send(makerPage(found, assets, siteName));
  });
}
