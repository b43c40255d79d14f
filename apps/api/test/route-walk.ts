import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAction } from '@eo/contract';
import { templateObjects } from '../src/modules/certificates/publish/publish.fixture.js';
import { validEventPayload } from './event-payload.js';
import { call } from './harness.js';
import { ID_KINDS, MARK, type Kind } from './record-world.js';

/**
 * Test-only: walking the server's own route table (plugins/route-table.ts) as the matrices do
 * (ownership-matrix, role-matrix). A route's zod schemas say which of its inputs name a record
 * (path params, querystring, body and header keys named like ids or file references); `send`
 * makes one call with each such input set to a chosen value and the rest a sample body.
 */

/** Which records an input may name, by the input's name; an unknown name gets every kind. */
const KINDS_BY_NAME: [RegExp, Kind[]][] = [
  [/^eventId/, ['event', 'draft']],
  [/^ticketId$/, ['ticket']],
  [/^registrantId$/, ['registrant']],
  [/^transactionId$/, ['transaction', 'withdrawal']],
  [/^referenceId$/, ['withdrawal']],
  [/^(eoCoinId|fromEoCoinId)$/, ['coin']],
  [/^certificateId$/, ['certificate']],
  [/^userId$/, ['user']],
  [/^invitationId$/, ['invitation']],
  [/^serial$/, ['serial']],
  [/^file$/, ['file', 'invoiceFile']],
  [/^fileId$/, ['answerFile']],
  [/^messageId$/, ['message']],
  [/^waitlistId$/, ['waitlist']],
  [/^sessionId$/, ['session']],
  [/^questionId$/, ['evaluationQuestion']],
  [/^code$/, ['trackingCode']],
  [/^webhookId$/, ['webhook']],
  [/^deliveryId$/, ['webhookDelivery']],
  [/^idempotency-key$/, ['idemKey']],
  [/^fileUrl$/, ['csvUrl']],
  [/^templateBackgroundUrl$/, ['templateUrl']],
  [/Url$/, ['imageUrl']],
];
/** An `id` inside an array item names a child of the record written: a ticket, a question. */
const ITEM_KINDS: [RegExp, Kind[]][] = [[/^tickets$/, ['ticket']], [/^registrationSteps$/, ['question']]];
export function kindsOf(i: { name: string; path: string[] }): Kind[] {
  const item = i.path.at(-2) === '0' ? i.path.at(-3) : undefined;
  if (item && i.name === 'id') return ITEM_KINDS.find(([re]) => re.test(item))?.[1] ?? ID_KINDS;
  return KINDS_BY_NAME.find(([re]) => re.test(i.name))?.[1] ?? ID_KINDS;
}
/** An input that names a record: an id, or a reference to an uploaded file (a scanner's own name, `deviceId`, names none). */
const NAMES_RECORD = /^(id|file|serial)$|(?<!^device)Id(Ne)?$|(^image|^template|^poster|Logo|Background|^file)Url$|-key$/;
/** Values for required query keys that do not name a record. */
const SAMPLE_QUERY: Record<string, string> = { customKey: MARK.twibbonKey, rules: JSON.stringify({ evaluationRequired: true }) };

export interface Input { where: 'param' | 'query' | 'body' | 'header'; path: string[]; name: string; label: string }

// ---- reading the route's zod schemas ----
export type Zod = { _zod?: { def: any } } | undefined;
export function unwrap(s: any): any {
  for (let i = 0; i < 20; i++) {
    const d = s?._zod?.def;
    if (!d) return s;
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = d.in;
    else if (d.type === 'lazy') s = d.getter();
    else return s;
  }
  return s;
}
/** Every leaf key path of an object schema; an array's items as its item `0`. */
export function leafPaths(schema: Zod, prefix: string[] = []): string[][] {
  const s = unwrap(schema);
  const type = s?._zod?.def?.type;
  if (type === 'array') return leafPaths(s._zod.def.element, [...prefix, '0']);
  if (type !== 'object') return prefix.length ? [prefix] : [];
  return Object.entries(s._zod.def.shape as Record<string, Zod>).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
}

/** The schema at a key path of an object schema. */
export function schemaAt(schema: Zod, p: string[]): any {
  let s: any = schema;
  for (const k of p) s = k === '0' ? unwrap(s)?._zod?.def?.element : unwrap(s)?._zod?.def?.shape?.[k];
  return s;
}
export const optional = (schema: Zod, p: string[]) => Boolean(schemaAt(schema, p)?.safeParse?.(undefined).success);

/** The inputs of a route that name a record; a body item's id only where the sample body has that item. */
export function inputsOf(route: RouteOptions): Input[] {
  const out: Input[] = [];
  for (const m of route.url.matchAll(/:([A-Za-z]+)/g)) out.push({ where: 'param', path: [m[1]!], name: m[1]!, label: `param.${m[1]}` });
  const add = (where: 'query' | 'body' | 'header', schema: unknown) => {
    for (const p of leafPaths(schema as Zod)) {
      const name = p.at(-1)!;
      if (NAMES_RECORD.test(name)) out.push({ where, path: p, name, label: `${where}.${p.join('.')}` });
    }
  };
  add('header', route.schema?.headers);
  add('query', route.schema?.querystring);
  add('body', route.schema?.body);
  const sample = sampleBody(route);
  return out.filter((i) => i.where !== 'body' || i.path.slice(0, -1).reduce<any>((n, k) => n?.[k], sample) !== undefined);
}

/** Sample bodies by the route's body schema, valid apart from the record inputs the walk fills in. */
export function sampleBody(route: RouteOptions): unknown {
  if (!route.schema?.body) return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const names = [...Object.keys(unwrap(route.schema.body)?._zod?.def?.shape ?? {}), ...leafPaths(route.schema.body as Zod).map((p) => p.join('.'))];
  if (names.includes('tickets') || names.includes('name') && names.includes('agreement')) return { ...validEventPayload(), name: 'Acara Sampel', registrationSteps: [{ name: 'Kota asal?', type: 'text', isRequired: false }] };
  if (names.includes('templateObjects')) {
    return { isDraft: true, eventId: null, recipientType: 'csv', recipientCsv: { fileUrl: '', fileName: 'p.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
      templateBackgroundUrl: null, serialNumberPrefix: 'SAMPEL', groupName: 'Sampel', templateObjects: templateObjects(800, 566), recipientName: 'Sampel' };
  }
  if (names.includes('bankAccount.accountName')) return { eoCoinId: '', bankAccount: { bankCode: '014', accountName: 'Sampel', accountNumber: '123456' } };
  // A check-in by hand: the walk names the registrant (a code is one or the other, never both).
  if (names.includes('registrantId') && names.includes('code')) return {};
  if (names.includes('scans.0.code')) return { scans: [{ code: 'kode-sampel-tak-dikenal', scannedAt: '2026-11-24T08:00:00Z', deviceId: 'sampel' }] };
  // A message to participants (its audience's ticket ids are walked); the reminders' switches.
  if (names.includes('subject') && names.includes('body')) return { subject: 'Halo {nama}', body: 'Isi pesan sampel', audience: { attendance: 'all' } };
  if (names.includes('dayBefore')) return { dayBefore: true, hourBefore: false };
  // An evaluation form (its window takes its defaults).
  if (names.includes('questions')) return { questions: [{ type: 'text', label: 'Saran untuk panitia', isRequired: false }] };
  // An attendance code and its window; an attendance (public or platform) by ticket code.
  if (names.includes('opensAt')) return { code: 'HADIR26', opensAt: '2026-11-24T08:00:00Z', closesAt: '2026-11-24T09:00:00Z' };
  if (names.includes('ticketCode')) return { ticketCode: 'kode-sampel-tak-dikenal', code: 'HADIR26' };
  // A tracking link: a new code each time, so a second call is not refused as a code taken.
  if (names.includes('code') && names.includes('name')) return { name: 'Tautan Sampel', code: `sampel-${randomUUID().slice(0, 8)}` };
  if (names.includes('code')) return { code: '000000', eoCoinId: '' };
  if (names.includes('amount')) return { amount: 20_000, withdrawDetail: { eoCoinId: '' } };
  // An invitation; a member's role (staff: the role matrix's target already has it, and the owner's own is refused as LAST_OWNER).
  if (names.includes('email') && names.includes('role')) return { email: 'undangan-sampel@contoh.id', role: 'staff' };
  if (names.includes('role')) return { role: 'staff' };
  return {};
}

// ---- the route table ----
interface RouteConfig { access?: string; action?: RouteAction; organizationParam?: string }
const configOf = (r: RouteOptions) => (r.config ?? {}) as RouteConfig;
export const methodsOf = (r: RouteOptions) => ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
/** Who may call (default-deny: `user` unless the route says otherwise, as plugins/auth.ts reads it). */
export const accessOf = (r: RouteOptions) => configOf(r).access ?? 'user';
/** The route's row of the permission table, as plugins/endpoint-route.ts puts it in the config. */
export const actionOf = (r: RouteOptions) => configOf(r).action;
export const organizationParamOf = (r: RouteOptions) => configOf(r).organizationParam;
export const userRoutes = (app: FastifyInstance) => app.routeTable.filter((r) => accessOf(r) === 'user');

function setPath(obj: any, p: string[], value: string) {
  let node = obj;
  for (const k of p.slice(0, -1)) node = node[k] ??= {};
  node[p.at(-1)!] = value;
}

/** One call of `route` with each input set to `values[label]`; `query` and `headers` added as given. */
export async function send(app: FastifyInstance, route: RouteOptions, method: string, inputs: Input[], values: Record<string, string>, token: string,
  extra: { query?: Record<string, string>; headers?: Record<string, string> } = {}) {
  let url = route.url;
  const query = new URLSearchParams(extra.query ?? {});
  for (const p of leafPaths(route.schema?.querystring as Zod)) if (SAMPLE_QUERY[p.join('.')]) query.set(p.join('.'), SAMPLE_QUERY[p.join('.')]!);
  const body = structuredClone(sampleBody({ ...route, method } as RouteOptions)) as any;
  for (const i of inputs) {
    const v = values[i.label]!;
    if (i.where === 'param') url = url.replace(`:${i.name}`, encodeURIComponent(v));
    else if (i.where === 'query') query.set(i.path.join('.'), v);
    else if (i.where === 'header') continue;
    else setPath(body, i.path, v);
  }
  const qs = query.toString();
  const headers = { ...extra.headers, ...Object.fromEntries(inputs.filter((i) => i.where === 'header').map((i) => [i.name, values[i.label]!])) };
  return call(app, { method: method as 'GET', url: qs ? `${url}?${qs}` : url, token, payload: body, headers });
}

/**
 * An unknown value of the same shape, none of `known`: a code one digit off another record's
 * (zqx-tautan-2 for zqx-tautan-1) would name that record, and a DELETE control would remove it.
 */
export function unknownLike(v: string, known: ReadonlySet<string> = new Set()) {
  for (;;) {
    const other = shifted(v);
    if (!known.has(other)) return other;
  }
}

function shifted(v: string) {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v)) return randomUUID();
  if (v.startsWith('/v1/files/')) return `/v1/files/${randomUUID()}`;
  if (v.startsWith('/files/')) return v.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, randomUUID());
  // Every digit and capital moved by 1..9 / 1..25 places: never the same value.
  const shift = (c: string, base: number, n: number) => String.fromCharCode(base + ((c.charCodeAt(0) - base + 1 + Math.floor(Math.random() * (n - 1))) % n));
  const other = v.replace(/[0-9]/g, (c) => shift(c, 48, 10)).replace(/[A-Z]/g, (c) => shift(c, 65, 26));
  return other === v ? `${v}-x-${randomUUID().slice(0, 4)}` : other;
}

/** The answer with what legitimately differs between two calls masked: the value sent, fresh ids, times, signed links' expiry, errorId. */
export function shape(res: { status: number; body: unknown }, sent?: string) {
  const raw = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const text = (sent ? raw.split(sent).join('<sent>') : raw)
    .replace(/"errorId":"[^"]*"/g, '"errorId":"<e>"')
    .replace(/exp=\d+&sig=[\w-]+/g, 'exp=<signed link>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
  return `${res.status} ${text}`;
}

/** The `secrets` that appear in a response, headers included (the values the caller sent itself excepted). */
export function leaked(secrets: string[], res: { body: unknown; headers: object }, ...sent: (string | undefined)[]) {
  const text = (typeof res.body === 'string' ? res.body : JSON.stringify(res.body)) + JSON.stringify(res.headers);
  return secrets.filter((s) => !sent.includes(s) && text.includes(s));
}
