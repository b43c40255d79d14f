import { z } from 'zod';
import { WEBHOOK_MSG } from '../messages-webhooks.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, webhookUrlIssue } from '../webhooks.js';
import { envelope, resultEnvelope } from './common.js';
import { pagedEnvelope, pagedQuery } from './lists.js';

const id = z.uuid();

/**
 * An absolute http(s) URL without credentials. Where its host points (no private, loopback or
 * link-local address) is the server's check, at save and again at each send.
 */
export const webhookUrlSchema = z.string().trim().superRefine((raw, ctx) => {
  const issue = webhookUrlIssue(raw);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
const eventsSchema = z.array(webhookEventTypeSchema, { error: WEBHOOK_MSG.eventsRequired })
  .min(1, WEBHOOK_MSG.eventsRequired).max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t)));

export const webhookParamsSchema = z.object({ webhookId: id });
export const webhookDeliveryParamsSchema = z.object({ webhookId: id, deliveryId: id });

export const createWebhookSchema = z.object({ url: webhookUrlSchema, events: eventsSchema }).strict();
export type CreateWebhookBody = z.input<typeof createWebhookSchema>;
/** Change the URL or the events, or switch it on (again) or off. */
export const updateWebhookSchema = z.object({ url: webhookUrlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() }).strict();
export type UpdateWebhookBody = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Since when its deliveries have been failing, without a success since; null when they work. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListResponseSchema = envelope(z.object({ docs: z.array(webhookSchema) }));
/** The secret is shown here once, never again. */
export const createWebhookResponseSchema = resultEnvelope(z.object({ id: z.string(), secret: z.string() }));
export const webhookResponseSchema = resultEnvelope(webhookSchema);

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.union([webhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT)]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The receiver's last HTTP status; null when none came (refused, timed out, unreachable). */
  responseStatus: z.number().int().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = pagedQuery(z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() }).strict(), ['createdAt'] as const);
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;
export const webhookDeliveryListResponseSchema = pagedEnvelope(webhookDeliverySchema);
export const webhookDeliveryResponseSchema = resultEnvelope(webhookDeliverySchema);
