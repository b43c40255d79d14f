import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { webhookDeliverJob } from './webhook-deliver.job.js';
import { webhookOffMailJob } from './webhook-off-mail.job.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Signed webhooks (API.md, Integrations): the organization's endpoints and deliveries (routes),
 * the deliveries' tries and the switch-off mail (jobs). The facts themselves queue their
 * deliveries through lib/webhook-outbox.repository.ts.
 */
export function createWebhooksModule(deps: { db: Db; mailer: Mailer; publicUrl: string; allowPrivate: boolean; retryBaseMs: number }) {
  const webhooks = new WebhooksService(deps.db, deps.allowPrivate);
  return {
    webhooks,
    routes: (app: FastifyInstance) => webhooksRoutes(app, webhooks),
    jobs: () => [
      webhookDeliverJob({ db: deps.db, allowPrivate: deps.allowPrivate, retryBaseMs: deps.retryBaseMs }),
      webhookOffMailJob({ db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl }),
    ],
  };
}
