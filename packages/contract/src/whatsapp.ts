import { z } from 'zod';
import { WHATSAPP_KINDS } from './whatsapp-texts.js';

/**
 * Messages by status, counted up the way they go: `sent` is every message the Cloud API took
 * (delivered and read ones too), `delivered` includes the read ones; `failed` apart.
 */
export const whatsappCountsSchema = z.object({
  queued: z.number().int(), sent: z.number().int(), delivered: z.number().int(), read: z.number().int(), failed: z.number().int(),
});

/** The event's WhatsApp messages by kind (only kinds with any); `enabled`: the server sends WhatsApp at all. */
export const whatsappSummarySchema = z.object({
  enabled: z.boolean(),
  kinds: z.array(z.object({ kind: z.enum(WHATSAPP_KINDS), counts: whatsappCountsSchema })),
});
export type WhatsAppSummary = z.infer<typeof whatsappSummarySchema>;

/** Meta's verification handshake: `hub.mode=subscribe`, the verify token, and the challenge to echo. */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

const callbackError = z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.object({ details: z.string().optional() }).optional() });

/**
 * What the webhook reads of a Cloud API callback (Meta's `messages` webhook): `statuses` of the
 * messages we sent and inbound `messages` (a text saying STOP). Anything else in it is ignored.
 */
export const whatsappWebhookSchema = z.object({
  object: z.string().optional(),
  entry: z.array(z.object({
    changes: z.array(z.object({
      value: z.object({
        statuses: z.array(z.object({
          id: z.string().max(500),
          status: z.string().max(50),
          timestamp: z.string().max(30).optional(),
          recipient_id: z.string().max(50).optional(),
          biz_opaque_callback_data: z.string().max(512).optional(),
          errors: z.array(callbackError).optional(),
        })).optional(),
        messages: z.array(z.object({
          from: z.string().max(50),
          type: z.string().max(50).optional(),
          text: z.object({ body: z.string().max(5000) }).optional(),
        })).optional(),
      }).optional(),
    })).optional(),
  })).optional(),
});
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

