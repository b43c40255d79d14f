import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the WhatsApp Business Cloud API's protocol, for the tests and
 * the benchmark: `POST /{version}/{phone-number-id}/messages` with a bearer token, answered with a
 * message id or Meta's error shape; and it calls our webhook with status callbacks signed as Meta
 * signs them (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, app secret>`).
 *
 * What the protocol is taken from (Meta's and its SDKs' public reference):
 * - sending a template, its body and the answer `{ messaging_product, contacts, messages: [{ id }] }`:
 *   https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/types/TemplateObject and
 *   https://prismatic.io/docs/example-payloads/whatsapp/actions/sendMessage.json
 * - `biz_opaque_callback_data`, echoed in status callbacks:
 *   https://whatsappapijs.web.app/types/emitters.OnStatusArgs.html
 * - the error shape `{ error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }`:
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/
 * - the `messages` webhook (statuses with id, status, timestamp, recipient_id, errors; inbound text messages):
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 * - the verification handshake and the signature:
 *   https://docs.sumeru.systems/developers/webhooks/whatsapp and https://docs.kaireonai.com/api-reference/webhooks
 */
export interface SentMessage {
  wamid: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  /** `biz_opaque_callback_data`: our idempotency key. */
  key: string | undefined;
  at: number;
}

/** A refusal the server answers instead of a message id: HTTP status and Meta's error code. */
export interface Refusal { status: number; code: number; message: string; details?: string }

export interface CloudApiServer {
  /** The base URL to configure as WHATSAPP_API_URL (with the version). */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Every message the server took, in order (copies sent again included). */
  sent: SentMessage[];
  /** Every request that reached the messages path, answered or refused. */
  requests: { to: string | undefined; status: number; at: number }[];
  /** Refusals to answer, in order, for messages to `to` (then messages are taken again). */
  refuse(to: string, ...refusals: Refusal[]): void;
  /** Template names that exist (others are refused as Meta refuses an unknown template). */
  templates: Set<string>;
  /** Milliseconds every answer waits (a slow API). */
  delayMs: number;
  /** The env of an app that uses this server. */
  env(): Record<string, string>;
  /** POSTs a signed callback of these statuses to `webhookUrl` (a wrong secret signs it badly). */
  callback(webhookUrl: string, statuses: StatusUpdate[], opts?: { secret?: string; inbound?: { from: string; text: string }[] }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface StatusUpdate { wamid: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipient: string; key?: string; at?: number; error?: { code: number; title: string; details?: string } }

const VERSION = 'v21.0';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const metaError = (r: Refusal) => ({
  error: {
    message: `(#${r.code}) ${r.message}`, type: r.status === 401 ? 'OAuthException' : 'OAuthException', code: r.code,
    error_data: { messaging_product: 'whatsapp', details: r.details ?? r.message }, fbtrace_id: randomBytes(9).toString('base64url'),
  },
});

/** The body a Cloud API callback carries (one entry, one change, field `messages`). */
export function callbackBody(phoneNumberId: string, statuses: StatusUpdate[], inbound: { from: string; text: string }[] = []) {
  const value: Record<string, unknown> = { messaging_product: 'whatsapp', metadata: { display_phone_number: '6281100000000', phone_number_id: phoneNumberId } };
  if (statuses.length) {
    value.statuses = statuses.map((s) => ({
      id: s.wamid, status: s.status, timestamp: String(Math.floor((s.at ?? Date.now()) / 1000)), recipient_id: s.recipient,
      ...(s.key ? { biz_opaque_callback_data: s.key } : {}),
      ...(s.error ? { errors: [{ code: s.error.code, title: s.error.title, message: s.error.title, error_data: { details: s.error.details ?? s.error.title } }] } : {}),
    }));
  }
  if (inbound.length) {
    value.contacts = inbound.map((m) => ({ profile: { name: 'Peserta' }, wa_id: m.from }));
    value.messages = inbound.map((m) => ({ from: m.from, id: `wamid.${randomBytes(12).toString('base64url')}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: m.text } }));
  }
  return { object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ value, field: 'messages' }] }] };
}

export const signBody = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Fixed credentials and port: for an app started elsewhere with them (the e2e server); random otherwise. */
export interface CloudApiOptions { templates?: string[]; port?: number; token?: string; appSecret?: string; verifyToken?: string }

export async function startCloudApiServer(opts: CloudApiOptions = {}): Promise<CloudApiServer> {
  const token = opts.token ?? `EAAG${randomBytes(24).toString('base64url')}`;
  const phoneNumberId = '106540352242922';
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const verifyToken = opts.verifyToken ?? randomBytes(8).toString('hex');
  const sent: SentMessage[] = [];
  const requests: CloudApiServer['requests'] = [];
  const refusals = new Map<string, Refusal[]>();
  const templates = new Set(opts.templates ?? ['eo_eticket', 'eo_registration_declined', 'eo_waitlist_offer', 'eo_reminder_day', 'eo_reminder_hour', 'eo_certificate_ready']);
  const state = { delayMs: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await bodyOf(req);
      const answer = (status: number, body: object) => {
        const send = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (state.delayMs > 0) setTimeout(send, state.delayMs);
        else send();
      };
      if (req.method !== 'POST' || req.url !== `/${VERSION}/${phoneNumberId}/messages`) {
        answer(404, metaError({ status: 404, code: 803, message: 'Some of the aliases you requested do not exist' }));
        return;
      }
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const to = typeof body?.to === 'string' ? body.to : undefined;
      const refuse = (r: Refusal) => {
        requests.push({ to, status: r.status, at: Date.now() });
        answer(r.status, metaError(r));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return refuse({ status: 401, code: 190, message: 'Invalid OAuth access token' });
      const t = body?.template;
      const component = Array.isArray(t?.components) ? t.components[0] : undefined;
      const params = Array.isArray(component?.parameters) ? component.parameters : undefined;
      const wellFormed = body?.messaging_product === 'whatsapp' && /^\d{8,15}$/.test(to ?? '') && body?.type === 'template'
        && typeof t?.name === 'string' && typeof t?.language?.code === 'string' && component?.type === 'body'
        && params?.every((p: any) => p?.type === 'text' && typeof p.text === 'string' && p.text.length > 0 && !/[\n\t]/.test(p.text));
      if (!wellFormed) return refuse({ status: 400, code: 100, message: 'Invalid parameter' });
      if (!templates.has(t.name)) return refuse({ status: 400, code: 132001, message: 'Template name does not exist in the translation', details: `template name (${t.name}) does not exist in ${t.language.code}` });
      const queued = refusals.get(to!);
      const next = queued?.shift();
      if (next) return refuse(next);
      const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
      sent.push({ wamid, to: to!, template: t.name, language: t.language.code, params: params.map((p: any) => p.text), key: body.biz_opaque_callback_data, at: Date.now() });
      requests.push({ to, status: 200, at: Date.now() });
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid, message_status: 'accepted' }] });
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}/${VERSION}`;

  return {
    apiUrl, token, phoneNumberId, appSecret, verifyToken, sent, requests, templates,
    get delayMs() { return state.delayMs; },
    set delayMs(v: number) { state.delayMs = v; },
    refuse(to, ...r) {
      refusals.set(to, [...(refusals.get(to) ?? []), ...r]);
    },
    env: () => ({
      WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken, WHATSAPP_API_URL: apiUrl,
    }),
    async callback(webhookUrl, statuses, o = {}) {
      const raw = JSON.stringify(callbackBody(phoneNumberId, statuses, o.inbound));
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(o.secret ?? appSecret, raw) }, body: raw });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
