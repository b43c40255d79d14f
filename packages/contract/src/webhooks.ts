import { WEBHOOK_MSG } from './messages-webhooks.js';

/**
 * Signed webhooks (API.md, Integrations): the event types an endpoint subscribes to, and the
 * bounds of a delivery, once for the server, the form and the tests.
 */
export const WEBHOOK_EVENT_TYPES = [
  'registration.created', 'registration.cancelled', 'registration.approved', 'checkin.created',
  'waitlist.offered', 'evaluation.submitted', 'certificate.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Kirim event uji" only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The signing secret's prefix (Standard Webhooks): `whsec_` and 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints one organization may keep. */
export const WEBHOOK_MAX_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX = 2000;

/** One try: connect, send and read the answer within this; only this much of its body is read. */
export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_RESPONSE_BYTES = 4096;
/** A delivery is tried again with backoff until this long after it was made, then it has failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** An endpoint whose deliveries have failed for this long, without one success, is switched off. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/** Retries wait this long times 2^(tries − 1), at most this much. */
export const WEBHOOK_MAX_BACKOFF_MS = 2 * 60 * 60 * 1000;

/** How long to wait before try `attempts + 1`, after `attempts` tries (≥ 1) failed. */
export const webhookBackoffMs = (attempts: number, baseMs: number) =>
  Math.min(WEBHOOK_MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/** Why a URL is refused (messages in messages-webhooks.ts). */
export type WebhookUrlProblem = 'scheme' | 'credentials' | 'private' | 'unresolvable';

/**
 * The rule of a webhook URL a form and the schema share (no zod): an absolute http(s) URL of at
 * most WEBHOOK_URL_MAX characters, without credentials; the message, or undefined when it holds.
 * Where its host points is the server's check.
 */
export function webhookUrlIssue(raw: string): string | undefined {
  const text = raw.trim();
  if (!text || text.length > WEBHOOK_URL_MAX) return WEBHOOK_MSG.urlInvalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_MSG.urlInvalid;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return WEBHOOK_MSG.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MSG.urlCredentials;
  return undefined;
}
