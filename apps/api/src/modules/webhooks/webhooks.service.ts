import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MAX_ENDPOINTS, WEBHOOK_MSG, WEBHOOK_SECRET_PREFIX, WEBHOOK_TEST_EVENT, type Paged, type Webhook,
  type WebhookDeliveriesQuery, type WebhookDelivery, type WebhookEventType, type WebhookUrlProblem,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { organizationOf } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalidField, notFound } from '../../lib/errors.js';
import { pageTotal, paged } from '../../lib/paging.js';
import { WEBHOOK_DELIVER } from '../../lib/webhook-outbox.repository.js';
import { resolveWebhookTarget, WebhookUrlError } from './url-guard.js';
import { deliveryOut, webhookOut } from './webhook-views.js';
import * as repo from './webhooks.repository.js';

const URL_MESSAGE: Record<WebhookUrlProblem, string> = {
  scheme: WEBHOOK_MSG.urlInvalid, credentials: WEBHOOK_MSG.urlCredentials, private: WEBHOOK_MSG.urlPrivate, unresolvable: WEBHOOK_MSG.urlUnresolvable,
};

/** A Standard Webhooks secret: `whsec_` and 32 random bytes, base64. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The organization's webhook endpoints and their deliveries (API.md, Integrations). The gate has
 * checked the `webhooks` action (owners and admins); every record is looked up within the
 * caller's organization, so another's id answers 404.
 */
export class WebhooksService {
  constructor(private readonly db: Db, private readonly allowPrivate: boolean) {}

  /** 400 on `url` unless its host resolves to public addresses only (or private ones are allowed here). */
  private async checkUrl(url: string): Promise<void> {
    try {
      await resolveWebhookTarget(url, this.allowPrivate);
    } catch (e) {
      if (e instanceof WebhookUrlError) throw invalidField(URL_MESSAGE[e.problem], 'url');
      throw e;
    }
  }

  async create(caller: Caller, body: { url: string; events: WebhookEventType[] }): Promise<{ id: string; secret: string }> {
    const organizationId = organizationOf(caller);
    await this.checkUrl(body.url);
    const secret = newWebhookSecret();
    const row = await this.db.transaction(async (tx) => {
      await repo.lockOrganizationEndpoints(tx, organizationId);
      if ((await repo.countEndpoints(tx, organizationId)) >= WEBHOOK_MAX_ENDPOINTS) throw conflict(WEBHOOK_MSG.tooMany);
      return repo.insertEndpoint(tx, { organizationId, url: body.url, events: body.events, secret });
    });
    return { id: row.id, secret };
  }

  async list(caller: Caller): Promise<Webhook[]> {
    return (await repo.endpointsOf(this.db, organizationOf(caller))).map(webhookOut);
  }

  async update(caller: Caller, id: string, body: { url?: string; events?: WebhookEventType[]; enabled?: boolean }): Promise<Webhook> {
    const current = await this.endpoint(caller, id);
    if (body.url === undefined && body.events === undefined && body.enabled === undefined) return webhookOut(current);
    if (body.url !== undefined) await this.checkUrl(body.url);
    const row = await repo.updateEndpoint(this.db, current.organizationId, id, body);
    if (!row) throw notFound();
    return webhookOut(row);
  }

  async remove(caller: Caller, id: string): Promise<Webhook> {
    const row = await repo.deleteEndpoint(this.db, organizationOf(caller), id);
    if (!row) throw notFound();
    return webhookOut(row);
  }

  private async endpoint(caller: Caller, id: string) {
    const row = await repo.findEndpoint(this.db, organizationOf(caller), id);
    if (!row) throw notFound();
    return row;
  }

  async deliveries(caller: Caller, id: string, q: WebhookDeliveriesQuery): Promise<Paged<WebhookDelivery>> {
    const endpoint = await this.endpoint(caller, id);
    const rows = await repo.deliveriesOf(this.db, endpoint.id, q);
    const total = await pageTotal(rows, q.page, () => repo.countDeliveries(this.db, endpoint.id, q));
    return paged(rows.map((r) => deliveryOut(r.d)), q, total);
  }

  private requireEnabled(endpoint: repo.EndpointRow) {
    if (!endpoint.enabled) throw new DomainError(ERROR_CODE.webhookDisabled, WEBHOOK_MSG.endpointDisabled);
  }

  async retry(caller: Caller, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpoint(caller, id);
    if (!(await repo.findDelivery(this.db, endpoint.id, deliveryId))) throw notFound();
    this.requireEnabled(endpoint);
    if (!(await repo.requeueDelivery(this.db, endpoint.id, deliveryId))) throw conflict(WEBHOOK_MSG.notRetriable);
    wakeWorkers(WEBHOOK_DELIVER.id);
    return deliveryOut((await repo.findDelivery(this.db, endpoint.id, deliveryId))!);
  }

  async test(caller: Caller, id: string, now = new Date()): Promise<WebhookDelivery> {
    const endpoint = await this.endpoint(caller, id);
    this.requireEnabled(endpoint);
    const deliveryId = await repo.queueDelivery(this.db, endpoint.id, WEBHOOK_TEST_EVENT, { webhookId: endpoint.id, sentAt: now.toISOString() });
    wakeWorkers(WEBHOOK_DELIVER.id);
    return deliveryOut((await repo.findDelivery(this.db, endpoint.id, deliveryId))!);
  }
}
