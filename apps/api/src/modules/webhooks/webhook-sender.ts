import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_BYTES, WEBHOOK_TIMEOUT_MS } from '@eo/contract';
import { resolveWebhookTarget, WebhookUrlError } from './url-guard.js';

export interface WebhookMessage { id: string; type: string; createdAt: Date; data: unknown }
export interface SendOutcome {
  ok: boolean;
  /** The receiver's HTTP status, when one answered. */
  status: number | null;
  /** Why it failed, for the deliveries log: short, no stack. */
  error: string | null;
}

/** The body of a delivery, the same at every try (Standard Webhooks: type, timestamp, data). */
export const webhookBody = (m: WebhookMessage) => JSON.stringify({ type: m.type, timestamp: m.createdAt.toISOString(), data: m.data });

/**
 * The three Standard Webhooks headers of one try: `webhook-id` (the delivery's, the same at every
 * try, so a receiver drops a repeat), `webhook-timestamp` (this try, seconds) and
 * `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`), signed by the
 * `standardwebhooks` library receivers verify with.
 */
export function signedHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

// Kept-alive connections: a backlog drains without a handshake per delivery. A socket is only
// reused for the same host and port, whose address has just been checked again. No cap on
// sockets per host: the workers bound the tries in flight (webhook-deliver.job.ts), and a try
// queued behind a cap would spend its timeout waiting for a socket.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

const problemText: Record<WebhookUrlError['problem'], string> = {
  scheme: 'URL refused', credentials: 'URL refused', private: 'address refused: private, loopback or link-local', unresolvable: 'host not found',
};

/**
 * One try: resolve and check the host, POST the signed body to exactly that address, wait at
 * most WEBHOOK_TIMEOUT_MS for the whole answer, read at most WEBHOOK_RESPONSE_BYTES of it,
 * follow no redirect (a 3xx is a failure). Success is a 2xx. Never throws.
 */
export async function sendWebhook(o: { url: string; secret: string; message: WebhookMessage; allowPrivate: boolean; signal?: AbortSignal; now?: Date }): Promise<SendOutcome> {
  let target;
  try {
    target = await resolveWebhookTarget(o.url, o.allowPrivate);
  } catch (e) {
    return { ok: false, status: null, error: e instanceof WebhookUrlError ? problemText[e.problem] : 'URL refused' };
  }
  const url = new URL(o.url);
  const body = webhookBody(o.message);
  const headers = {
    ...signedHeaders(o.secret, o.message.id, body, o.now ?? new Date()),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'eo-dashboard-webhooks/1',
  };
  // The checked address, whatever the name resolves to by now; TLS still checks the name.
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const signal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]) : AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const done = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = transport.request(url, { method: 'POST', headers, lookup: pinned, agent: agents[url.protocol as 'http:' | 'https:'], signal }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      const finish = () => {
        const ok = status >= 200 && status < 300;
        done({ ok, status, error: ok ? null : `HTTP ${status}` });
      };
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough of it: the rest is not ours to wait for.
        if (read >= WEBHOOK_RESPONSE_BYTES) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', () => finish());
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const timedOut = signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError';
      done({ ok: false, status: null, error: timedOut ? `timeout after ${WEBHOOK_TIMEOUT_MS} ms` : (e.code ?? e.message).slice(0, 200) });
    });
    req.end(body);
  });
}
