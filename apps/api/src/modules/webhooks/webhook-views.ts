import type { Webhook, WebhookDelivery } from '@eo/contract';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const webhookOut = (e: EndpointRow): Webhook => ({
  id: e.id, url: e.url, events: e.events, enabled: e.enabled, failingSince: iso(e.failingSince), createdAt: e.createdAt.toISOString(),
});

export const deliveryOut = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id, eventType: d.eventType, status: d.status, responseStatus: d.responseStatus, attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null, lastError: d.lastError, createdAt: d.createdAt.toISOString(), deliveredAt: iso(d.deliveredAt),
});
