import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateRecipients, registrationQuestions } from '../db/schema/index.js';
import { claimJob, completeJob } from '../jobs/queue.js';
import { FileStorage } from '../lib/file-storage.js';
import { createMailer } from '../lib/mailer.js';
import { CERTIFICATE_PUBLISH_JOB, publishCertificateHandler } from '../modules/certificates/publish/publish-certificate.job.js';
import { fakeRenderer, silentLog, templateObjects } from '../modules/certificates/publish/publish-fixture.js';
import { call, tokenFor, type TestApp } from '../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../test/fixtures.js';
import { validEventPayload } from '../../test/event-payload.js';
import { lastCode } from '../../test/money.js';
import { file, image, multipartBody } from '../../test/multipart.js';

/**
 * Issue 8, the ownership half of the authorization matrix: organizer2 against organizer1's
 * records, over every `user` route of the server's own route table.
 *
 * Organizer1 gets one record of every kind, each carrying a marker string. For every route the
 * walk reads the route's zod schemas and finds each input that names a record: path params,
 * querystring and body keys named like ids (`id`, `eventId`, `eoCoinId`, `eventIdNe`...) or
 * file references (`…Url`). Each such input is filled with organizer1's record, sent as
 * organizer2, and must answer exactly as the same call with an unknown id does (so existence
 * is not confirmed) and 404 unless `REFUSALS` names another documented answer. The same call
 * as organizer1 is the control: it must answer differently than an unknown id, proving the id
 * means something to the route (a 404 that only comes from a wrong kind of id proves nothing).
 * Routes without such an input (lists, counters, summaries) are called as organizer2 and must
 * show none of organizer1's markers or ids. No response body to organizer2 ever contains them.
 */

const MARK = {
  event: 'Lomba Rahasia Zqxevent',
  future: 'Festival Rahasia Zqxfuture',
  draft: 'Draf Rahasia Zqxdraft',
  question: 'Pertanyaan Zqxtanya',
  answer: 'Jawaban Zqxjawaban',
  participant: 'Peserta Zqxpeserta',
  participantEmail: 'zqxpeserta',
  sharedName: 'Zqxnama',
  bankHolder: 'Pemilik Zqxrekening',
  bankNumber: '9876543210123',
  certPrefix: 'ZQXSERT',
  certPublished: 'ZQXTERBIT',
  certGroup: 'Kelompok Zqxgrup',
  csvRecipient: 'Penerima Zqxcsv',
  twibbonKey: 'zqx-kunci-twibbon',
  email: 'organizer@demo.id',
};

type Kind = 'event' | 'draft' | 'ticket' | 'transaction' | 'registrant' | 'question' | 'withdrawal' | 'coin' | 'file'
  | 'certificate' | 'user' | 'serial' | 'idemKey' | 'invoiceFile' | 'imageUrl' | 'templateUrl' | 'csvUrl';
const ID_KINDS: Kind[] = ['event', 'draft', 'ticket', 'transaction', 'registrant', 'question', 'withdrawal', 'coin', 'file', 'certificate', 'user', 'serial', 'idemKey', 'invoiceFile'];

/** Which of organizer1's records an input may name, by the input's name; an unknown name gets every kind. */
const KINDS_BY_NAME: [RegExp, Kind[]][] = [
  [/^eventId/, ['event', 'draft']],
  [/^ticketId$/, ['ticket']],
  [/^transactionId$/, ['transaction', 'withdrawal']],
  [/^referenceId$/, ['withdrawal']],
  [/^(eoCoinId|fromEoCoinId)$/, ['coin']],
  [/^certificateId$/, ['certificate']],
  [/^userId$/, ['user']],
  [/^serial$/, ['serial']],
  [/^file$/, ['file', 'invoiceFile']],
  [/^idempotency-key$/, ['idemKey']],
  [/^fileUrl$/, ['csvUrl']],
  [/^templateBackgroundUrl$/, ['templateUrl']],
  [/Url$/, ['imageUrl']],
];
/** An `id` inside an array item names a child of the record written: a ticket, a question. */
const ITEM_KINDS: [RegExp, Kind[]][] = [[/^tickets$/, ['ticket']], [/^registrationSteps$/, ['question']]];
function kindsOf(i: { name: string; path: string[] }): Kind[] {
  const item = i.path.at(-2) === '0' ? i.path.at(-3) : undefined;
  if (item && i.name === 'id') return ITEM_KINDS.find(([re]) => re.test(item))?.[1] ?? ID_KINDS;
  return KINDS_BY_NAME.find(([re]) => re.test(i.name))?.[1] ?? ID_KINDS;
}
/** An input that names a record: an id, or a reference to an uploaded file. */
const NAMES_RECORD = /^(id|file|serial)$|Id(Ne)?$|(^image|^template|^poster|Logo|Background|^file)Url$|-key$/;
/** Inputs that only narrow a list to a person ("never widens"): filled with organizer1's identity in the list walk. */
const NARROWS = /^(creator|creatorEmail|eventCreator)$/;

/**
 * Where organizer2 cannot get a 404 for organizer1's record, the documented answer instead;
 * still identical to an unknown id's. `control: false`: the input is ignored by design.
 */
const REFUSALS: { route: RegExp; input: RegExp; status: number | 'as-unknown'; why: string; control?: false }[] = [
  { route: /^(POST|PUT) \/v1\/certificates/, input: /^body\./, status: 400, why: 'a body reference: 400 "Event not found" / template or CSV unreadable (certificates.test)' },
  { route: /^POST \/v1\/transactions\/eo\/coin\/withdrawal$/, input: /^header\.idempotency-key$/, status: 'as-unknown', why: 'keys are per user: organizer1\'s key is a new key for organizer2, answered on its own request (409 here: its own request is open)' },
  { route: /^GET \/v1\/twibbons\/existence$/, input: /^query\.eventIdNe$/, status: 409, why: 'ignored unless the caller\'s own event: the key stays taken' },
  { route: /^GET \/v1\/transactions\/eo\/coin\/withdrawal$/, input: /^query\.eventId$/, status: 200, why: 'a filter of the caller\'s own history: someone else\'s event gives the empty page an unknown one gives' },
  { route: /^GET \/v1\/certificates$/, input: /^query\.userId$/, status: 200, why: 'the spec\'s narrowing parameter, ignored: the caller\'s own list', control: false },
  { route: /^(POST|PUT) \/v1\/events\//, input: /\.0\.id$/, status: 'as-unknown', why: 'an item id names a ticket or question of the event written: anyone else\'s, like an unknown one, makes a new item', control: false },
  { route: /^(POST|PUT) \/v1\/events\//, input: /^body\..*Url$/, status: 'as-unknown', why: 'a public image address (/files/…): not checked against its uploader, the image is public anyway', control: false },
];
/** Values for required query keys that do not name a record. */
const SAMPLE_QUERY: Record<string, string> = { customKey: MARK.twibbonKey };
const refusalOf = (key: string, label: string) => REFUSALS.find((r) => r.route.test(key) && r.input.test(label));

interface Input { where: 'param' | 'query' | 'body' | 'header'; path: string[]; name: string; label: string }

// ---- reading the route's zod schemas ----
type Zod = { _zod?: { def: any } } | undefined;
function unwrap(s: any): any {
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
function leafPaths(schema: Zod, prefix: string[] = []): string[][] {
  const s = unwrap(schema);
  const type = s?._zod?.def?.type;
  if (type === 'array') return leafPaths(s._zod.def.element, [...prefix, '0']);
  if (type !== 'object') return prefix.length ? [prefix] : [];
  return Object.entries(s._zod.def.shape as Record<string, Zod>).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
}

/** The schema at a key path of an object schema. */
function schemaAt(schema: Zod, p: string[]): any {
  let s: any = schema;
  for (const k of p) s = k === '0' ? unwrap(s)?._zod?.def?.element : unwrap(s)?._zod?.def?.shape?.[k];
  return s;
}
const optional = (schema: Zod, p: string[]) => Boolean(schemaAt(schema, p)?.safeParse?.(undefined).success);

function inputsOf(route: RouteOptions): Input[] {
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
  // An item id is walked where the sample body has that item.
  const sample = sampleBody(route);
  return out.filter((i) => i.where !== 'body' || i.path.slice(0, -1).reduce<any>((n, k) => n?.[k], sample) !== undefined);
}

// ---- the app, the records ----
let t: TestApp;
let tok: { org1: string; org2: string };
let ids: { org1: string; org2: string };
const v1: Record<Kind, string[]> = Object.fromEntries([...ID_KINDS, 'imageUrl', 'templateUrl', 'csvUrl'].map((k) => [k, []])) as never;
const v2: Partial<Record<Kind, string[]>> = {};
let secrets: string[] = [];
const drafts2: string[] = [];
const DRAFT2 = '<organizer2 draft>';

async function upload(docType: string, part: ReturnType<typeof file>, token: string, url = '/v1/upload') {
  const res = await call(t.app, { method: 'POST', url, token, ...multipartBody([{ name: 'docType', value: docType }, part]) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

const DAY = 86_400_000;
/** A past paid event of `creatorId` with a general question, a twibbon key and `n` paying registrants. */
async function paidEvent(creatorId: string, name: string, key: string | null, people: { name: string; email: string; answer: string }[]) {
  const db = t.database.db;
  const fixture = simpleEvent(name, { days: -2, price: 50_000 });
  fixture.payload.registrationSteps = [{ name: `${name} ${MARK.question}`, type: 'text', isRequired: true }];
  if (key) Object.assign(fixture.payload, { twibbonRequired: true, twibbon: { customKey: key, templateUrl: '/files/twibbon.png', caption: 'Ayo ikut', guide: ['Unggah'] } });
  const eventId = await createEvent(db, creatorId, fixture);
  const [question] = await db.select().from(registrationQuestions).where(eq(registrationQuestions.eventId, eventId));
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, eventId) });
  const platform = new PlatformService(db);
  const sold = [];
  for (const p of people) {
    sold.push(await platform.register(eventId, {
      ticketId: ticket!.id, participant: { name: p.name, email: p.email, lastEducation: 'S1', gender: 'Perempuan' },
      answers: [{ questionId: question!.id, value: p.answer }],
    }, new Date(fixture.eventDay - 2 * DAY)));
  }
  await platform.recordViews(eventId, new Date(fixture.eventDay - 3 * DAY), 5);
  return { eventId, ticketId: ticket!.id, questionId: question!.id, sold };
}

async function certificateBody(eventId: string, template: string, csvUrl: string, prefix: string, isDraft: boolean, groupName: string) {
  return {
    isDraft, eventId, recipientType: 'csv', templateBackgroundUrl: template, serialNumberPrefix: prefix, groupName,
    recipientCsv: { fileUrl: csvUrl, fileName: 'penerima.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
    templateObjects: templateObjects(800, 566),
  };
}

/** Organizer's records through the API (and the platform intake, the publish job), as in real use. */
async function seedOrganizer(token: string, userId: string, own: boolean) {
  const db = t.database.db;
  const tag = own ? '' : 'Dua ';
  const e = await paidEvent(userId, own ? MARK.event : 'Lomba Organizer Dua', own ? MARK.twibbonKey : null, [0, 1].map((i) => ({
    name: own ? `${MARK.participant} ${i}` : `Peserta Biasa ${i}`, email: own ? `${MARK.participantEmail}${i}@contoh.id` : `biasa${i}@contoh.id`,
    answer: own ? MARK.answer : 'Jawaban biasa',
  })).concat([{
    // The same person registers with both organizers: each sees only what was given to it.
    name: own ? `Peserta Sama ${MARK.sharedName}` : 'Peserta Sama', email: 'sama@contoh.id', answer: own ? MARK.answer : 'Jawaban biasa',
  }]));
  const future = await createEvent(db, userId, simpleEvent(own ? MARK.future : 'Festival Dua', { days: 10, price: 30_000 }));
  const draft = await createEvent(db, userId, simpleEvent(own ? MARK.draft : 'Draf Dua', { days: 10, draft: true }));
  const imageUrl = await upload('EventImage', file(await image(400, 500), 'poster.png', 'image/png'), token, '/v1/upload/image');
  const templateUrl = await upload('CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'), token);
  const csvUrl = await upload('CSV', file(Buffer.from(`Nama,Email\n${own ? MARK.csvRecipient : 'Penerima Biasa'},${own ? 'zqxcsv' : 'biasa'}@contoh.id\n`), 'penerima.csv', 'text/csv'), token);
  const coin = await call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${e.eventId}`, token });
  expect(coin.status).toBe(200);
  const coinId = coin.body.data.result._id as string;
  const bank = { bankCode: '014', accountName: own ? MARK.bankHolder : 'Pemilik Biasa', accountNumber: own ? MARK.bankNumber : '1111222233' };
  expect((await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token, payload: { eoCoinId: coinId, bankAccount: bank } })).status).toBe(200);
  const cert = await call(t.app, { method: 'POST', url: '/v1/certificates', token, payload: await certificateBody(e.eventId, templateUrl, csvUrl, own ? MARK.certPrefix : 'DUA', true, own ? MARK.certGroup : 'Kelompok Biasa') });
  expect(cert.status, JSON.stringify(cert.body)).toBe(201);
  return { ...e, future, draft, imageUrl, templateUrl, csvUrl, coinId, certificateId: cert.body.data.result.id as string, tag };
}

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  tok = { org1: team.org1, org2: team.org2 };
  ids = { org1: team.ids.org1, org2: team.ids.org2 };
  const db = t.database.db;
  const one = await seedOrganizer(tok.org1, ids.org1, true);
  const two = await seedOrganizer(tok.org2, ids.org2, false);
  // A draft can be published once: organizer2's calls that publish one get the next.
  for (let n = 0; n < 16; n++) drafts2.push(await createEvent(db, ids.org2, simpleEvent(`Draf Dua ${n}`, { days: 10, draft: true })));

  // Organizer1's money: one verified withdrawal (a receipt) and one waiting for its code.
  const withdraw = async (key: string, token = tok.org1, eoCoinId = one.coinId) => {
    const res = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal', token, payload: { amount: 20_000, withdrawDetail: { eoCoinId } }, headers: { 'idempotency-key': key } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.result.referenceId as string;
  };
  const verified = await withdraw('zqx-idempotency-1');
  const code = await lastCode(t.config.dataDir, MARK.email);
  expect((await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal/verif', token: tok.org1, payload: { code, eoCoinId: one.coinId } })).status).toBe(200);
  const sent = await call(t.app, { method: 'POST', url: `/v1/admin/withdrawals/${verified}/status`, token: team.admin, payload: { status: 'sent' } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const pending = await withdraw('zqx-idempotency-2');
  // Organizer2's own request is open too, so its own calls answer the same whatever the key.
  await withdraw('organizer2-idempotency', tok.org2, two.coinId);
  const history = await call(t.app, { method: 'GET', url: '/v1/transactions/eo/coin/withdrawal', token: tok.org1 });
  const withdrawalIds = history.body.data.docs.map((w: { _id: string }) => w._id) as string[];

  // A published certificate, through the real job (a fast renderer).
  const published = await call(t.app, { method: 'POST', url: '/v1/certificates', token: tok.org1, payload: await certificateBody(one.eventId, one.templateUrl, one.csvUrl, MARK.certPublished, false, MARK.certGroup) });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  const job = await claimJob(db, { kinds: [CERTIFICATE_PUBLISH_JOB], workerId: 'ownership-matrix', leaseMs: 60_000 });
  const mailer = createMailer({ mailFrom: 'EO <no-reply@contoh.id>', dataDir: t.config.dataDir, smtpUrl: undefined });
  await publishCertificateHandler({ db, storage: new FileStorage(path.join(t.config.dataDir, 'files')), mailer, publicUrl: 'http://localhost', renderer: fakeRenderer })(
    { job: job!, signal: new AbortController().signal, lastAttempt: true, log: silentLog },
  );
  await completeJob(db, job!);
  mailer.close();
  const [recipient] = await db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, published.body.data.result.id)).orderBy(asc(certificateRecipients.position));
  expect(recipient?.serial).toBe(`${MARK.certPublished}-001`);

  Object.assign(v1, {
    event: [one.eventId, one.future], draft: [one.draft], ticket: [one.ticketId], question: [one.questionId],
    transaction: [one.sold[0]!.transactionId!], registrant: [one.sold[0]!.registrantId],
    withdrawal: [verified, pending, withdrawalIds[0]!], coin: [one.coinId], file: [one.csvUrl.split('/').pop()!],
    certificate: [one.certificateId, published.body.data.result.id], user: [ids.org1], serial: [recipient!.serial], idemKey: ['zqx-idempotency-1', 'zqx-idempotency-2'],
    invoiceFile: [`invoice-${one.sold[0]!.transactionId}.pdf`],
    imageUrl: [one.imageUrl], templateUrl: [one.templateUrl], csvUrl: [one.csvUrl],
  } satisfies Record<Kind, string[]>);
  // Organizer2's own records, in the same order (its own future event where organizer1's future event works).
  Object.assign(v2, {
    event: [two.eventId, two.future], draft: [DRAFT2], ticket: [two.ticketId], question: [two.questionId], transaction: [two.sold[0]!.transactionId!],
    registrant: [two.sold[0]!.registrantId], coin: [two.coinId], file: [two.csvUrl.split('/').pop()!], certificate: [two.certificateId],
    user: [ids.org2], invoiceFile: [`invoice-${two.sold[0]!.transactionId}.pdf`], imageUrl: [two.imageUrl], templateUrl: [two.templateUrl], csvUrl: [two.csvUrl],
  } satisfies Partial<Record<Kind, string[]>>);
  secrets = [...Object.values(MARK), ...Object.values(v1).flat()];
}, 120_000);
afterAll(() => t?.close());

// ---- calling ----
/** Sample bodies by the route's body schema, valid for organizer2's own records; the walk fills in the ids. */
function sampleBody(route: RouteOptions): unknown {
  if (!route.schema?.body) return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const names = [...Object.keys(unwrap(route.schema.body)?._zod?.def?.shape ?? {}), ...leafPaths(route.schema.body as Zod).map((p) => p.join('.'))];
  if (names.includes('tickets') || names.includes('name') && names.includes('agreement')) return { ...validEventPayload(), name: 'Acara Sampel', registrationSteps: [{ name: 'Kota asal?', type: 'text', isRequired: false }] };
  if (names.includes('templateObjects')) {
    return { isDraft: true, eventId: null, recipientType: 'csv', recipientCsv: { fileUrl: '', fileName: 'p.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
      templateBackgroundUrl: null, serialNumberPrefix: 'SAMPEL', groupName: 'Sampel', templateObjects: templateObjects(800, 566), recipientName: 'Sampel' };
  }
  if (names.includes('bankAccount.accountName')) return { eoCoinId: '', bankAccount: { bankCode: '014', accountName: 'Sampel', accountNumber: '123456' } };
  if (names.includes('code')) return { code: '000000', eoCoinId: '' };
  if (names.includes('amount')) return { amount: 20_000, withdrawDetail: { eoCoinId: '' } };
  return {};
}

const methodsOf = (r: RouteOptions) => ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const accessOf = (r: RouteOptions) => (r.config as { access?: string } | undefined)?.access ?? 'user';
const userRoutes = () => t.app.routeTable.filter((r) => accessOf(r) === 'user');

function setPath(obj: any, p: string[], value: string) {
  let node = obj;
  for (const k of p.slice(0, -1)) node = node[k] ??= {};
  node[p.at(-1)!] = value;
}

/** One call of `route` with each input set to `values[label]`. */
async function send(route: RouteOptions, method: string, inputs: Input[], values: Record<string, string>, token: string, extraQuery: Record<string, string> = {}) {
  let url = route.url;
  const query = new URLSearchParams(extraQuery);
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
  const headers = Object.fromEntries(inputs.filter((i) => i.where === 'header').map((i) => [i.name, values[i.label]!]));
  return call(t.app, { method: method as 'GET', url: qs ? `${url}?${qs}` : url, token, payload: body, headers });
}

/** An unknown value of the same shape. */
function unknownLike(v: string) {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v)) return randomUUID();
  if (v.startsWith('/v1/files/')) return `/v1/files/${randomUUID()}`;
  if (v.startsWith('/files/')) return v.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, randomUUID());
  // Every digit and capital moved by 1..9 / 1..25 places: never the same value.
  const shift = (c: string, base: number, n: number) => String.fromCharCode(base + ((c.charCodeAt(0) - base + 1 + Math.floor(Math.random() * (n - 1))) % n));
  const other = v.replace(/[0-9]/g, (c) => shift(c, 48, 10)).replace(/[A-Z]/g, (c) => shift(c, 65, 26));
  return other === v ? `${v}-x` : other;
}

/** The answer with what legitimately differs between two calls masked: the value sent, fresh ids, times, signed links' expiry, errorId. */
function shape(res: { status: number; body: unknown }, sent?: string) {
  const raw = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const text = (sent ? raw.split(sent).join('<sent>') : raw)
    .replace(/"errorId":"[^"]*"/g, '"errorId":"<e>"')
    .replace(/exp=\d+&sig=[\w-]+/g, 'exp=<signed link>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
  return `${res.status} ${text}`;
}

/** Organizer1's markers and ids that appear in a response, headers included (the value organizer2 sent itself excepted). */
function leaked(res: { body: unknown; headers: object }, ...sent: (string | undefined)[]) {
  const text = (typeof res.body === 'string' ? res.body : JSON.stringify(res.body)) + JSON.stringify(res.headers);
  return secrets.filter((s) => !sent.includes(s) && text.includes(s));
}

const idWalked: string[] = [];
const listWalked: string[] = [];
/** Organizer2's own reads (its lists, and each id route on its own record), to watch while organizer1 works. */
const watch: { route: RouteOptions; method: string; inputs: Input[]; values: Record<string, string>; query: Record<string, string> }[] = [];

describe('ownership matrix: organizer2 against organizer1\'s records', () => {
  it('every route input that names a record answers organizer2 as for an unknown id (404), and leaks nothing', async () => {
    const walked: string[] = [];
    const problems: string[] = [];
    const tokenReaders: string[] = [];
    for (const route of t.app.routeTable.filter((r) => accessOf(r) === 'user' || accessOf(r) === 'public')) {
      const inputs = inputsOf(route);
      if (!inputs.length) continue;
      for (const method of methodsOf(route)) {
        const key = `${method} ${route.url}`;
        // A public route that answers a signed-in organizer differently (the invoice PDF takes a
        // signed link or its owner's token) follows the same rules for that organizer.
        if (accessOf(route) === 'public') {
          const firsts = Object.fromEntries(inputs.map((i) => [i.label, v1[kindsOf(i)[0]!][0]!]));
          let reads = false;
          for (const kind of new Set(inputs.flatMap((i) => kindsOf(i)))) {
            const values = { ...firsts, ...Object.fromEntries(inputs.filter((i) => kindsOf(i).includes(kind)).map((i) => [i.label, v1[kind][0]!])) };
            const anonymous = await send(route, method, inputs, values, '');
            if (shape(anonymous) !== shape(await send(route, method, inputs, values, tok.org1))) reads = true;
          }
          if (!reads) continue;
          tokenReaders.push(key);
        }
        // Per input: the value that works for organizer1 (found by the control) and organizer2's own of that kind.
        const base1: Record<string, string> = {};
        const base2: Record<string, string> = {};
        const resolved: Record<string, number> = {};
        const asOrg2 = async (values: Record<string, string>) => {
          const usesDraft = Object.values(values).includes(DRAFT2);
          if (usesDraft && !drafts2.length) throw new Error('organizer2 has no unpublished draft left: seed more in beforeAll');
          const res = await send(route, method, inputs, Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x === DRAFT2 ? drafts2[0]! : x])), tok.org2);
          if (usesDraft && method !== 'GET' && res.status < 300) drafts2.shift();
          return res;
        };
        for (const i of inputs) {
          const kind = kindsOf(i)[0]!;
          base1[i.label] = v1[kind][0]!;
          base2[i.label] = v2[kind]?.[0] ?? v1[kind][0]!;
        }
        for (const i of inputs) {
          const refusal = refusalOf(key, i.label);
          let meaningful = false;
          for (const kind of kindsOf(i)) {
            for (const [n, value] of v1[kind].entries()) {
              const unknown = unknownLike(value);
              const attack = await asOrg2({ ...base2, [i.label]: value });
              const blind = await asOrg2({ ...base2, [i.label]: unknown });
              const where = `${key} ${i.label}=${kind} ${value}`;
              const leak = leaked(attack, kind.endsWith('Url') ? value : undefined);
              if (leak.length) problems.push(`${where}: organizer2 got ${attack.status} showing ${leak.join(', ')}`);
              if (attack.status >= 500) problems.push(`${where}: ${attack.status} ${JSON.stringify(attack.body)}`);
              if (shape(attack, value) !== shape(blind, unknown)) {
                problems.push(`${where}: organizer2 is told it exists: ${shape(attack, value).slice(0, 200)} vs unknown ${shape(blind, unknown).slice(0, 200)}`);
              }
              const expected = refusal?.status === 'as-unknown' ? blind.status : refusal?.status ?? 404;
              if (attack.status !== expected) problems.push(`${where}: organizer2 got ${attack.status}, expected ${expected} ${JSON.stringify(attack.body).slice(0, 200)}`);
              // Control: for organizer1 the same call with its own record differs from an unknown one.
              const own = await send(route, method, inputs, { ...base1, [i.label]: value }, tok.org1);
              const ownUnknown = await send(route, method, inputs, { ...base1, [i.label]: unknown }, tok.org1);
              if (own.status >= 500) problems.push(`${where}: organizer1 got ${own.status} ${JSON.stringify(own.body)}`);
              if (shape(own, value) !== shape(ownUnknown, unknown)) {
                meaningful = true;
                // The other inputs' calls use the first record that works, one that succeeds for organizer1 if any.
                const score = own.status < 300 ? 2 : 1;
                if (score > (resolved[i.label] ?? 0)) {
                  base1[i.label] = value;
                  base2[i.label] = v2[kind]?.[n] ?? v2[kind]?.[0] ?? value;
                  resolved[i.label] = score;
                }
              }
              // The all-organizer1 call as organizer2 (every input someone else's).
              if (inputs.length === 1) continue;
              const all = await send(route, method, inputs, { ...base1, [i.label]: value }, tok.org2);
              const sentUrls = inputs.filter((x) => kindsOf(x).some((k) => k.endsWith('Url'))).map((x) => ({ ...base1, [i.label]: value })[x.label]!);
              const allLeak = leaked(all, ...sentUrls);
              if (allLeak.length) problems.push(`${where} (all of organizer1's): organizer2 got ${all.status} showing ${allLeak.join(', ')}`);
              const named = inputs.some((x) => !refusalOf(key, x.label));
              if (all.status < 300 && named) problems.push(`${where} (all of organizer1's): organizer2 got ${all.status}`);
            }
          }
          if (!meaningful && refusal?.control !== false) problems.push(`${key} ${i.label}: no record of organizer1 made a difference even to organizer1 (control)`);
          walked.push(`${key} ${i.label}`);
        }
        if (method === 'GET' && !Object.values(base2).includes(DRAFT2)) watch.push({ route, method, inputs, values: { ...base2 }, query: {} });
      }
    }
    console.log(`ownership matrix: ${walked.length} route inputs walked; public routes that read a token: ${tokenReaders.join(', ')}`);
    expect(tokenReaders).toContain('GET /v1/doc/event/:file');
    idWalked.push(...walked.map((w) => w.split(' ').slice(0, 2).join(' ')));
    expect(problems.length, `\n${problems.join('\n')}\n`).toBe(0);
    expect(walked).toEqual(expect.arrayContaining([
      'GET /v1/events/detail query.id', 'PUT /v1/events/update query.id', 'GET /v1/transactions/event/:id param.id',
      'GET /v1/events/:eventId/tickets/:ticketId/price-history param.ticketId', 'GET /v1/event-regist/lists query.eventId',
      'POST /v1/transactions/eo/bank-account body.eoCoinId', 'POST /v1/transactions/eo/coin/withdrawal body.withdrawDetail.eoCoinId',
      'GET /v1/transactions/eo/coin/withdrawal/receipt query.transactionId', 'PUT /v1/certificates/:id param.id',
      'POST /v1/certificates body.recipientCsv.fileUrl', 'GET /v1/files/:id param.id',
    ]));
  });
  it('routes without a record input (lists, counters, summaries) show organizer2 none of organizer1\'s markers or ids', async () => {
    const problems: string[] = [];
    const org1Sees: string[] = [];
    for (const route of userRoutes()) {
      const inputs = inputsOf(route);
      // Lists whose record inputs are all optional are walked without them too (GET /v1/certificates without userId).
      const schemaOf = { query: route.schema?.querystring, body: route.schema?.body, header: route.schema?.headers } as Record<string, Zod>;
      if (inputs.some((i) => i.where === 'param' || !optional(schemaOf[i.where], i.path))) continue;
      for (const method of methodsOf(route)) {
        if (inputs.length && method !== 'GET') continue;
        const key = `${method} ${route.url}`;
        // As the spec's client sends them: narrowing parameters naming organizer1, every flag on.
        const narrowed: Record<string, string> = {};
        for (const p of leafPaths(route.schema?.querystring as Zod)) {
          const name = p.join('.');
          const options = unwrap(schemaAt(route.schema?.querystring as Zod, p))?._zod?.def?.entries;
          if (NARROWS.test(name)) narrowed[name] = MARK.email;
          else if (name === 'limit') narrowed[name] = '100';
          else if (options && 'true' in options) narrowed[name] = 'true';
        }
        for (const query of [{}, narrowed]) {
          // Calls that change something (sign-out, uploads) use a session of their own.
          const token = method === 'GET' ? tok.org2 : (await tokenFor(t.app, 'organizer2@demo.id')).token;
          const res = await send(route, method, [], {}, token, query);
          const leak = leaked(res);
          if (leak.length) problems.push(`${key}?${new URLSearchParams(query)}: organizer2 got ${res.status} showing ${leak.join(', ')}`);
          if (res.status >= 500) problems.push(`${key}?${new URLSearchParams(query)}: ${res.status} ${JSON.stringify(res.body)}`);
          if (method === 'GET' && leaked(await send(route, method, [], {}, tok.org1, query)).length) org1Sees.push(key);
          // A page's total counts only what it may show.
          const page = res.body?.data;
          if (page && typeof page.totalDocs === 'number' && Array.isArray(page.docs) && page.docs.length < page.limit && page.page === 1 && page.totalDocs !== page.docs.length) {
            problems.push(`${key}?${new URLSearchParams(query)}: totalDocs ${page.totalDocs} for ${page.docs.length} docs`);
          }
          if (method === 'GET') watch.push({ route, method, inputs: [], values: {}, query });
        }
        listWalked.push(key);
      }
    }
    console.log(`ownership matrix: ${listWalked.length} routes without a record input walked`);
    expect(problems.length, `\n${problems.join('\n')}\n`).toBe(0);
    // The markers are real: organizer1's own calls show them where organizer2's do not.
    expect(org1Sees).toEqual(expect.arrayContaining([
      'GET /v1/events/lists', 'GET /v1/events/draft/lists', 'GET /v1/certificates', 'GET /v1/transactions/eo/coin/withdrawal',
    ]));
  });

  it('organizer1\'s new activity changes nothing organizer2 sees: counters, totals and summaries included', async () => {
    const look = async (token: string) => {
      const seen: string[] = [];
      for (const w of watch) {
        const res = await send(w.route, w.method, w.inputs, w.values, token, w.query);
        // A PDF is rendered afresh each time (its creation date): compared by status only.
        seen.push(String(res.headers['content-type']).includes('application/pdf') ? `${res.status} pdf` : shape(res));
      }
      return seen;
    };
    const before = { org2: await look(tok.org2), org1: await look(tok.org1) };
    // Organizer1 works: a new paid event with a sale and views, a draft, an upload, a certificate.
    const db = t.database.db;
    const fresh = await createEvent(db, ids.org1, simpleEvent(`${MARK.event} Baru`, { days: 5, price: 10_000 }));
    const ticket = await db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, fresh) });
    const platform = new PlatformService(db);
    await platform.register(fresh, { ticketId: ticket!.id, participant: { name: `${MARK.participant} Baru`, email: `${MARK.participantEmail}-baru@contoh.id`, lastEducation: 'SMA', gender: 'Laki-laki' } });
    await platform.recordViews(fresh, new Date(), 3);
    await createEvent(db, ids.org1, simpleEvent(`${MARK.draft} Baru`, { days: 5, draft: true }));
    const template = await upload('CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'), tok.org1);
    expect((await call(t.app, { method: 'POST', url: '/v1/certificates', token: tok.org1, payload: await certificateBody(fresh, template, v1.csvUrl[0]!, `${MARK.certPrefix}B`, true, MARK.certGroup) })).status).toBe(201);

    const after = { org2: await look(tok.org2), org1: await look(tok.org1) };
    const changed = (who: 'org1' | 'org2') => watch.flatMap((w, n) => (before[who][n] !== after[who][n] ? [`${w.method} ${w.route.url}?${new URLSearchParams(w.query)}`] : []));
    expect(watch.length).toBeGreaterThan(20);
    expect(changed('org2'), 'organizer2\'s answers moved with organizer1\'s activity').toEqual([]);
    // Control: the activity is one organizer1's own counters and lists do show.
    expect(changed('org1')).toEqual(expect.arrayContaining(['GET /v1/events/total?', 'GET /v1/transactions/eo/summary?', 'GET /v1/certificates?']));
  });

  it('every user route was walked, one way or the other', () => {
    const all = userRoutes().flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`));
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((r) => !idWalked.includes(r) && !listWalked.includes(r))).toEqual([]);
    expect(listWalked).toEqual(expect.arrayContaining(['GET /v1/events/total', 'GET /v1/transactions/eo/summary', 'GET /v1/events/lists']));
  });
});
