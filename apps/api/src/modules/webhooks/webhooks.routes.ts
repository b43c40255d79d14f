import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MSG, WEBHOOKS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { WebhooksService } from './webhooks.service.js';

export function webhooksRoutes(app: FastifyInstance, webhooks: WebhooksService) {
  route(app, WEBHOOKS.create, async (request) => ({ message: WEBHOOK_MSG.created, data: { result: await webhooks.create(callerOf(request), request.body) } }));
  route(app, WEBHOOKS.list, async (request) => ({ data: { docs: await webhooks.list(callerOf(request)) } }));
  route(app, WEBHOOKS.update, async (request) => ({
    message: WEBHOOK_MSG.updated, data: { result: await webhooks.update(callerOf(request), request.params.webhookId, request.body) },
  }));
  route(app, WEBHOOKS.deliveries, async (request) => ({ data: await webhooks.deliveries(callerOf(request), request.params.webhookId, request.query) }));
  route(app, WEBHOOKS.retry, async (request) => ({
    message: WEBHOOK_MSG.retried, data: { result: await webhooks.retry(callerOf(request), request.params.webhookId, request.params.deliveryId) },
  }));
  route(app, WEBHOOKS.test, async (request) => ({ message: WEBHOOK_MSG.testQueued, data: { result: await webhooks.test(callerOf(request), request.params.webhookId) } }));
  // Last: the route-table walks (ownership and role matrices) delete with it, after the others have used the record.
  route(app, WEBHOOKS.remove, async (request) => ({ message: WEBHOOK_MSG.deleted, data: { result: await webhooks.remove(callerOf(request), request.params.webhookId) } }));
}
