import type { FastifyInstance } from 'fastify';
import { WHATSAPP } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { WhatsAppService } from './whatsapp.service.js';

/** The Cloud API's webhook (GET handshake, POST callbacks) and the event's WhatsApp summary. */
export function whatsappRoutes(app: FastifyInstance, whatsapp: WhatsAppService) {
  route(app, WHATSAPP.verify, async (request, reply) => {
    const challenge = whatsapp.verify(request.query);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(challenge);
  });

  route(app, WHATSAPP.summary, async (request) => ({ data: { result: await whatsapp.summary(callerOf(request), request.params.id) } }));

  // The signature covers the body's bytes: JSON is kept raw here and parsed once it holds.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    route(scope, WHATSAPP.webhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      await whatsapp.receive(raw, Array.isArray(signature) ? signature[0] : signature);
      return { received: true as const };
    });
  });
}
