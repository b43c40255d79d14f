import type { RouteOptions } from 'fastify';
import { API_KEY_SCOPES, ORGANIZATION_HEADER, scopesAllow } from '@eo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestApp } from '../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, simpleEvent } from '../../test/fixtures.js';
import { file, image } from '../../test/multipart.js';
import { certificateBody, DRAFT2, MARK, seedRecordWorld, upload, type RecordWorld } from '../../test/record-world.js';
import {
  actionOf, organizationParamOf, inputsOf, kindsOf, leafPaths, leaked as leakedOf, methodsOf, accessOf, optional, schemaAt, send as sendAs, shape, unknownLike, unwrap, userRoutes as userRoutesOf,
  type Input, type Zod,
} from '../../test/route-walk.js';

/**
 * The ownership half of the authorization matrix: organizer2 against organizer1's
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
 * Organizer2's API key with every scope makes the same calls: where its scopes open the route it
 * is answered as organizer2 is, elsewhere 403 FORBIDDEN_SCOPE, and it is shown nothing either.
 */

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
  { route: /^POST \/v1\/events\/:id\/registrations\/decisions$/, input: /^param\.id$/, status: 'as-unknown', why: 'its body (registrantIds) is checked before the event: 400 for any event, known or not', control: false },
  { route: /^POST \/v1\/events\/:id\/checkins\/sync$/, input: /sessionId$/, status: 'as-unknown', why: 'a scan for a session not of the event is refused in its own answer (200, SESSION_NOT_FOUND), as an unknown one is: the other scans go on' },
  { route: /^(POST|PUT) \/v1\/events\//, input: /^body\..*Url$/, status: 'as-unknown', why: 'a public image address (/files/…): not checked against its uploader, the image is public anyway', control: false },
];
const refusalOf = (key: string, label: string) => REFUSALS.find((r) => r.route.test(key) && r.input.test(label));

// ---- the app, the records (test/record-world.ts) ----
let t: TestApp;
let tok: { org1: string; org2: string; key2: string };
let ids: { org1: string; org2: string };
let v1: RecordWorld['v1'];
let v2: RecordWorld['v2'];
let drafts2: string[];
let secrets: string[];
/** Every record's value: an "unknown" one is none of them. */
let known: Set<string>;

beforeAll(async () => {
  // Keys make many calls here: the per-key limit is api-keys.test's.
  const team = await createTeamApp({ API_KEY_RATE_LIMIT: '1000000' });
  t = team.t;
  ids = { org1: team.ids.org1, org2: team.ids.org2 };
  ({ v1, v2, drafts2, secrets } = await seedRecordWorld(t, team, { second: true }));
  known = new Set([...Object.values(v1), ...Object.values(v2)].flat());
  const key = await call(t.app, {
    method: 'POST', url: '/v1/organization/api-keys', token: team.org2, headers: { [ORGANIZATION_HEADER]: v2.organization![0]! }, payload: { name: 'Semua izin', scopes: [...API_KEY_SCOPES] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  tok = { org1: team.org1, org2: team.org2, key2: key.body.data.result.key };
}, 120_000);
afterAll(() => t?.close());

// ---- calling (test/route-walk.ts) ----
const send = (route: RouteOptions, method: string, inputs: Input[], values: Record<string, string>, token: string, query: Record<string, string> = {}) =>
  sendAs(t.app, route, method, inputs, values, token, { query });
const leaked = (res: { body: unknown; headers: object }, ...sent: (string | undefined)[]) => leakedOf(secrets, res, ...sent);
const userRoutes = () => userRoutesOf(t.app);

const idWalked: string[] = [];
let keyCalls = 0;
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
          const tried: string[] = [];
          for (const kind of kindsOf(i)) {
            for (const [n, value] of v1[kind].entries()) {
              const unknown = unknownLike(value, known);
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
              // Organizer2's key: as organizer2 where its scopes open the route, else FORBIDDEN_SCOPE; never a leak.
              if (accessOf(route) === 'user') {
                const byKey = await send(route, method, inputs, Object.fromEntries(Object.entries({ ...base2, [i.label]: value }).map(([k, x]) => [k, x === DRAFT2 ? drafts2[0]! : x])), tok.key2);
                const keyLeak = leaked(byKey, kind.endsWith('Url') ? value : undefined);
                if (keyLeak.length) problems.push(`${where}: organizer2's key got ${byKey.status} showing ${keyLeak.join(', ')}`);
                const opens = scopesAllow(API_KEY_SCOPES, actionOf(route)!);
                if (opens && shape(byKey, value) !== shape(attack, value)) problems.push(`${where}: organizer2's key answered otherwise than organizer2: ${shape(byKey, value).slice(0, 200)} vs ${shape(attack, value).slice(0, 200)}`);
                // Naming another organization in the path is 404 before any scope is looked at, as for a member.
                const namesOrganization = i.where === 'param' && organizationParamOf(route) === i.name;
                const refused = namesOrganization ? byKey.status === 404 : byKey.status === 403 && byKey.body?.messageId === 'FORBIDDEN_SCOPE';
                if (!opens && !refused) problems.push(`${where}: organizer2's key got ${byKey.status}, expected ${namesOrganization ? 404 : '403 FORBIDDEN_SCOPE'}`);
                keyCalls++;
              }
              // Control: for organizer1 the same call with its own record differs from an unknown one.
              const own = await send(route, method, inputs, { ...base1, [i.label]: value }, tok.org1);
              const ownUnknown = await send(route, method, inputs, { ...base1, [i.label]: unknown }, tok.org1);
              if (own.status >= 500) problems.push(`${where}: organizer1 got ${own.status} ${JSON.stringify(own.body)}`);
              tried.push(`${value} → ${own.status} ${JSON.stringify(own.body).slice(0, 80)}, ${unknown} → ${ownUnknown.status} ${JSON.stringify(ownUnknown.body).slice(0, 80)}`);
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
          if (!meaningful && refusal?.control !== false) problems.push(`${key} ${i.label}: no record of organizer1 made a difference even to organizer1 (control), with ${JSON.stringify(base1)}: ${tried.join('; ')}`);
          walked.push(`${key} ${i.label}`);
        }
        // Not the audit log: organizer2's own looks (its exports) are recorded there, so it moves with
        // the watching itself; what it shows of others is checked by the leak walk above.
        if (method === 'GET' && !Object.values(base2).includes(DRAFT2) && !route.url.endsWith('/audit')) watch.push({ route, method, inputs, values: { ...base2 }, query: {} });
      }
    }
    console.log(`ownership matrix: ${walked.length} route inputs walked (${keyCalls} calls by organizer2's key); public routes that read a token: ${tokenReaders.join(', ')}`);
    expect(keyCalls).toBeGreaterThan(40);
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
  }, 300_000);
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
          const byKey = await send(route, method, [], {}, tok.key2, query);
          if (leaked(byKey).length) problems.push(`${key}?${new URLSearchParams(query)}: organizer2's key got ${byKey.status} showing ${leaked(byKey).join(', ')}`);
          if (byKey.status >= 500) problems.push(`${key}?${new URLSearchParams(query)}: organizer2's key got ${byKey.status}`);
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
    const template = await upload(t, 'CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'), tok.org1);
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
