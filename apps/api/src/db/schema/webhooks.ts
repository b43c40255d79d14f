import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus, type WebhookDeliveryType, type WebhookEventType } from '@eo/contract';
import { organizations } from './organizations.js';

/**
 * An organization's webhook endpoint (API.md, Integrations). The secret signs every delivery
 * (HMAC-SHA256, Standard Webhooks), so it is kept as given out: the server needs it to sign.
 * `failingSince` is the first failure since the last success; three days of it switch it off.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each fact finds its organization's subscribed endpoints through this.
    index('webhook_endpoints_org_idx').on(t.organizationId).where(sql`${t.enabled}`),
    index('webhook_endpoints_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One event for one endpoint: the outbox row, written in the transaction of the fact it reports.
 * Its id is the `webhook-id` of every try. `attempts` counts the tries made and fences the
 * `webhook.deliver` job (its payload names the try it is for).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookDeliveryType>().notNull(),
    /** The event's `data`. */
    data: jsonb('data').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_ck', sql`${t.status} in (${sql.raw(WEBHOOK_DELIVERY_STATUSES.map((v) => `'${v}'`).join(', '))})`),
  ],
);
