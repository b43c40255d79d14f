import type { WhatsAppConfig } from '../../config/env.js';

/** One template message as the Cloud API takes it. */
export interface TemplateMessage {
  /** Digits with the country code. */
  to: string;
  template: string;
  language: string;
  /** The body's `{{1}}`, `{{2}}`… in order. */
  params: string[];
  /** Comes back in the status callbacks (`biz_opaque_callback_data`): the message's idempotency key. */
  callbackData: string;
}

export type SendOutcome =
  | { ok: true; wamid: string }
  /** `retry`: refused for the moment (429, 5xx, a throttling code, the connection): try again later. */
  | { ok: false; retry: boolean; code: number | null; reason: string };

/**
 * Cloud API error codes that mean "not now" even when the HTTP status is 400: throttling (4,
 * 80007, 130429, 131048, 131056) and Meta's own trouble (131000, 131016). Anything else a 4xx
 * says is about the message (a template not approved, a number not on WhatsApp): permanent.
 */
const TEMPORARY_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056]);

/** A parameter the API refuses empty or with new lines/tabs, or more than four spaces in a row: made one tidy line. */
export const templateText = (v: string) => (v.replace(/[\t\r\n]+/g, ' ').replace(/ {4,}/g, '   ').trim() || '-').slice(0, 1000);

/** The request's body: `POST {apiUrl}/{phone-number-id}/messages`. */
export function templateBody(m: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    biz_opaque_callback_data: m.callbackData,
    template: {
      name: m.template,
      language: { code: m.language },
      components: [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text: templateText(text) })) }],
    },
  };
}

/**
 * Sends one template message. Never throws for what the API answers: a message id, or a refusal
 * sorted into temporary and permanent (its `error.code` and `error.message`, Meta's error shape).
 */
export async function sendTemplate(cfg: Pick<WhatsAppConfig, 'apiUrl' | 'phoneNumberId' | 'token'>, m: TemplateMessage, signal?: AbortSignal): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch(`${cfg.apiUrl}/${encodeURIComponent(cfg.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cfg.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(templateBody(m)),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, retry: true, code: null, reason: `connection: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) };
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const answer = body as { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } } } | undefined;
  const wamid = answer?.messages?.[0]?.id;
  if (res.ok && typeof wamid === 'string' && wamid) return { ok: true, wamid };
  const error = answer?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const details = typeof error?.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  const reason = (typeof error?.message === 'string' ? `${error.message}${details}` : `HTTP ${res.status} ${text.slice(0, 200)}`).slice(0, 500);
  const retry = res.ok || res.status === 429 || res.status >= 500 || (code !== null && TEMPORARY_CODES.has(code));
  return { ok: false, retry, code, reason };
}
