import type { FastifyInstance } from 'fastify';
import { BROADCAST_MSG as M, EVENT_MESSAGES, fill } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { MessagesService } from './messages.service.js';
import { unsubscribeAskPage, unsubscribedPage, unsubscribeInvalidPage } from './unsubscribe-page.js';

/** Messages to participants and reminders (API.md "Messages"), and the unsubscribe link. */
export function messagesRoutes(app: FastifyInstance, messages: MessagesService) {
  route(app, EVENT_MESSAGES.list, async (request) => ({
    data: await messages.list(callerOf(request), request.params.id, request.query.page, request.query.limit),
  }));

  route(app, EVENT_MESSAGES.create, async (request) => {
    const result = await messages.create(callerOf(request), request.params.id, request.body);
    return { data: { result }, message: result.status === 'scheduled' ? M.scheduled : M.created };
  });

  route(app, EVENT_MESSAGES.get, async (request) => ({ data: { result: await messages.get(callerOf(request), request.params.id, request.params.messageId) } }));

  route(app, EVENT_MESSAGES.cancel, async (request, reply) => {
    await messages.cancel(callerOf(request), request.params.id, request.params.messageId);
    return reply.status(204).send(null);
  });

  route(app, EVENT_MESSAGES.test, async (request) => {
    const email = await messages.test(callerOf(request), request.params.id, request.body);
    return { data: { email }, message: fill(M.testSent, { email }) };
  });

  route(app, EVENT_MESSAGES.preview, async (request) => ({ data: { result: await messages.preview(callerOf(request), request.params.id, request.body) } }));

  route(app, EVENT_MESSAGES.audience, async (request) => ({
    data: { result: { recipients: await messages.audienceCount(callerOf(request), request.params.id, request.query) } },
  }));

  route(app, EVENT_MESSAGES.reminders, async (request) => ({ data: { result: await messages.reminders(callerOf(request), request.params.id) } }));

  route(app, EVENT_MESSAGES.setReminders, async (request) => ({
    data: { result: await messages.setReminders(callerOf(request), request.params.id, request.body) }, message: M.remindersSaved,
  }));

  const page = (reply: { header(k: string, v: string): unknown; type(t: string): unknown }) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.type('text/html; charset=utf-8');
  };

  route(app, EVENT_MESSAGES.unsubscribePage, async (request, reply) => {
    const who = await messages.unsubscribe(request.params.token, false);
    page(reply);
    return who ? reply.send(unsubscribeAskPage(who)) : reply.status(404).send(unsubscribeInvalidPage());
  });

  // The one-click POST is form-encoded (RFC 8058): parsed here only, as text (its fields are not needed).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    route(scope, EVENT_MESSAGES.unsubscribe, async (request, reply) => {
      const who = await messages.unsubscribe(request.params.token, true);
      page(reply);
      return who ? reply.send(unsubscribedPage(who)) : reply.status(404).send(unsubscribeInvalidPage());
    });
  });
}
