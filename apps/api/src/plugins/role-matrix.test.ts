import Fastify, { type RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@eo/contract';
import {
  API_KEY_SCOPES, ORG_ACTIONS, ORG_ROLES, ORGANIZATION_HEADER, ROLE_ACTIONS, scopesAllow, type ApiKeyScope, type OrgRole, type RouteAction,
} from '@eo/contract';
import { memberships } from '../db/schema/index.js';
import { createUser } from '../modules/users/users.service.js';
import { recordRoutes } from './route-table.js';
import { call, tokenFor, type TestApp } from '../../test/harness.js';
import { callerFor, createTeamApp, passwordHashed } from '../../test/fixtures.js';
import { MARK, seedRecordWorld, type Kind, type RecordWorld } from '../../test/record-world.js';
import { accessOf, actionOf, inputsOf, kindsOf, leaked, methodsOf, organizationParamOf, send, shape, userRoutes, type Input } from '../../test/route-walk.js';

/**
 * The role half of the authorization matrix: the ownership matrix grown into roles.
 * Every `user` route of the server's own route table is called with inputs naming organization
 * 1's records (one of every kind, test/record-world.ts), in organization 1 (the
 * `X-Organization-Id` header, or the route's organization parameter), by each of its roles, by a
 * removed member, by the owner of another organization, and by an API key of organization 1 with
 * each scope. The answers follow API.md's permission table (ROLE_ACTIONS) and the keys' scopes
 * (SCOPE_ACTIONS):
 * - a role the route's action does not allow: 403 FORBIDDEN_ROLE, before validation or handler;
 * - a role it allows: never FORBIDDEN_ROLE; a read the owner gets (200) it gets alike;
 * - a removed member, or an outsider naming organization 1: 404, whatever the route;
 * - `self` routes (the caller's own account): everyone but a key;
 * - a key: what its scope opens, answered as to the owner; anything else 403 FORBIDDEN_SCOPE.
 * A `user` route without an action in its config fails here, before anything is called.
 */

/**
 * API.md's permission table, transcribed row by row: ROLE_ACTIONS must say the same (the
 * matrix below reads the rule from ROLE_ACTIONS, so a slip there would otherwise pass unseen).
 */
const API_MD_TABLE: Record<string, { action: string; roles: OrgRole[] }> = {
  'read events, insight': { action: 'events.read', roles: ['owner', 'admin', 'finance', 'staff'] },
  'read participants (names, answers, attendance per person)': { action: 'participants.read', roles: ['owner', 'admin', 'finance', 'staff'] },
  'create, edit, submit, delete events': { action: 'events.write', roles: ['owner', 'admin'] },
  'export participants (CSV, XLSX)': { action: 'participants.export', roles: ['owner', 'admin', 'finance'] },
  'approve, decline, cancel registrations; waiting list (Seats)': { action: 'participants.manage', roles: ['owner', 'admin'] },
  'check-in, attendance': { action: 'checkin', roles: ['owner', 'admin', 'staff'] },
  'sales, transactions, invoices': { action: 'sales', roles: ['owner', 'admin', 'finance'] },
  'coin account, bank account, withdrawals': { action: 'money', roles: ['owner', 'finance'] },
  certificates: { action: 'certificates', roles: ['owner', 'admin'] },
  'messages to participants (read)': { action: 'messages.read', roles: ['owner', 'admin', 'finance', 'staff'] },
  'messages to participants': { action: 'messages.send', roles: ['owner', 'admin'] },
  'members and invitations': { action: 'members', roles: ['owner', 'admin'] },
  'audit log': { action: 'audit', roles: ['owner', 'admin'] },
  'API keys (Integrations)': { action: 'integrations', roles: ['owner', 'admin'] },
  'webhooks (Integrations)': { action: 'webhooks', roles: ['owner', 'admin'] },
};

/** An API key of organization 1 with one scope. */
type KeyWho = `key ${ApiKeyScope}`;
const KEYS: readonly KeyWho[] = API_KEY_SCOPES.map((s) => `key ${s}` as const);
const isKey = (who: Who): who is KeyWho => who.startsWith('key ');
const scopeOf = (who: KeyWho) => who.slice(4) as ApiKeyScope;
type Person = OrgRole | 'removed' | 'outsider';
type Who = Person | KeyWho;
const WHO: readonly Who[] = [...ORG_ROLES, 'removed', 'outsider', ...KEYS];
const EMAIL: Record<Person, string> = {
  owner: MARK.email, outsider: 'organizer2@demo.id',
  admin: 'admin.satu@contoh.id', finance: 'keuangan.satu@contoh.id', staff: 'staf.satu@contoh.id', removed: 'mantan.satu@contoh.id',
};
/** A member the other calls may act on (members routes name a `userId`): never one of the callers. */
const TARGET_EMAIL = 'target.satu@contoh.id';

let t: TestApp;
let world: RecordWorld;
let org1Id: string;
let targetId: string;
const token = {} as Record<Who, string>;

beforeAll(async () => {
  // Each key makes one call per route: the per-key limit is not what this walk is about.
  const team = await createTeamApp({ API_KEY_RATE_LIMIT: '1000000' });
  t = team.t;
  const db = t.database.db;
  world = await seedRecordWorld(t, team, { second: false });
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  const member = async (email: string, role: OrgRole) => {
    const userId = await createUser(db, { email, name: `Anggota ${role}`, password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
    await db.insert(memberships).values({ organizationId: org1Id, userId, role });
    return userId;
  };
  const removedId = await member(EMAIL.removed, 'staff');
  await Promise.all([member(EMAIL.admin, 'admin'), member(EMAIL.finance, 'finance'), member(EMAIL.staff, 'staff')]);
  targetId = await member(TARGET_EMAIL, 'staff');
  Object.assign(token, { owner: team.org1, outsider: team.org2 });
  for (const who of ['admin', 'finance', 'staff', 'removed'] as const) token[who] = (await tokenFor(t.app, EMAIL[who])).token;
  for (const who of KEYS) {
    const made = await call(t.app, { method: 'POST', url: '/v1/organization/api-keys', token: token.owner, headers: { [ORGANIZATION_HEADER]: org1Id }, payload: { name: who, scopes: [scopeOf(who)] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    token[who] = made.body.data.result.key;
  }

  // Control: the removed member was one, with a live session; then the membership goes.
  const before = await call(t.app, { method: 'GET', url: '/v1/events/lists', token: token.removed, headers: { [ORGANIZATION_HEADER]: org1Id } });
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  expect(JSON.stringify(before.body)).toContain(MARK.future);
  await db.delete(memberships).where(and(eq(memberships.userId, removedId), eq(memberships.organizationId, org1Id)));
}, 120_000);
afterAll(() => t?.close());

// ---- the cases: every user route and method, its action, its inputs naming organization 1's records ----
interface Case { key: string; route: RouteOptions; method: string; action: RouteAction; orgParam?: string; inputs: Input[]; values: Record<string, string> }

/** Which record an input names where its name alone does not say (`id`): by the route. */
const KIND_BY_ROUTE: [RegExp, RegExp, Kind][] = [
  [/^\/v1\/certificates\//, /^(param|query)\.id$/, 'certificate'],
  [/^\/v1\/files\//, /^param\.id$/, 'file'],
  [/\/withdrawal\/receipt$/, /^query\.transactionId$/, 'withdrawal'],
  [/^\/v1\/organization\/api-keys\//, /^param\.id$/, 'apiKey'],
];
const kindFor = (route: RouteOptions, i: Input): Kind =>
  KIND_BY_ROUTE.find(([url, label]) => url.test(route.url) && label.test(i.label))?.[2] ?? kindsOf(i)[0]!;

function casesOf(): Case[] {
  return userRoutes(t.app).flatMap((route) => methodsOf(route).map((method) => {
    const orgParam = organizationParamOf(route);
    const inputs = inputsOf(route);
    const values = Object.fromEntries(inputs.map((i) => {
      if (i.where === 'param' && i.name === orgParam) return [i.label, org1Id];
      const kind = kindFor(route, i);
      return [i.label, kind === 'user' ? targetId : world.v1[kind][0]!];
    }));
    return { key: `${method} ${route.url}`, route, method, action: actionOf(route)!, orgParam, inputs, values };
  }));
}

type Expected = 'forbidden' | 'forbidden-scope' | 'not-found' | 'allowed';
/** The permission table, read for one caller: what organization 1's route answers them. */
function expectation(c: Case, who: Who): Expected {
  if (isKey(who)) return scopesAllow([scopeOf(who)], c.action) ? 'allowed' : 'forbidden-scope';
  if (who === 'removed' || who === 'outsider') return c.action === 'self' && !c.orgParam ? 'allowed' : 'not-found';
  if (c.action === 'self') return 'allowed';
  return ROLE_ACTIONS[c.action].includes(who) ? 'allowed' : 'forbidden';
}
/**
 * Members name organization 1 in the header, as the dashboard does; so do the removed member and
 * the outsider, except on `self` routes without an organization parameter: those act on their
 * own account, and a header naming an organization they are not in is 404 there too.
 */
const namesOrg1 = (c: Case, who: Who) => !((who === 'removed' || who === 'outsider') && c.action === 'self' && !c.orgParam);

/** A call that changes something on a `self` route (sign-out...) gets a session of its own. */
const sessionFor = async (c: Case, who: Who) => (c.action === 'self' && c.method !== 'GET' && !isKey(who) ? (await tokenFor(t.app, EMAIL[who])).token : token[who]);

/**
 * What a read shows one member and not another of the same organization, by design: masked
 * before the owner's answer is compared with another role's.
 */
const PER_CALLER: { route: RegExp; mask: RegExp; why: string }[] = [
  { route: /^GET \/v1\/transactions\/eo\/coin$/, mask: /"verification":(null|\{[^}]*\})/, why: 'a withdrawal waiting for its code: only its requester, whom the code was mailed to, sees its state' },
];
const comparable = (key: string, res: Answer) => PER_CALLER.filter((p) => p.route.test(key)).reduce((text, p) => text.replace(p.mask, '<per caller>'), shape(res));

const isForbiddenRole = (res: { status: number; body: any }) => res.status === 403 && res.body?.messageId === 'FORBIDDEN_ROLE';
const isForbiddenScope = (res: { status: number; body: any }) => res.status === 403 && res.body?.messageId === 'FORBIDDEN_SCOPE';
type Answer = Awaited<ReturnType<typeof send>>;

describe('role matrix: organization 1\'s routes as each role, a removed member and an outsider', () => {
  it('every user route has an access rule: an action of the permission table, or self', () => {
    const routes = userRoutes(t.app).flatMap((r) => methodsOf(r).map((m) => ({ key: `${m} ${r.url}`, action: actionOf(r) })));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !r.action).map((r) => r.key), 'user routes without an action in their config').toEqual([]);
    const known = new Set<string>([...ORG_ACTIONS, 'self']);
    expect(routes.filter((r) => !known.has(r.action!)).map((r) => `${r.key}: ${r.action}`)).toEqual([]);
    // The table itself: API.md's rows, one per action.
    expect(Object.keys(ROLE_ACTIONS).sort()).toEqual([...ORG_ACTIONS].sort());
    const transcribed = Object.fromEntries(Object.values(API_MD_TABLE).map((row) => [row.action, [...row.roles].sort()]));
    expect(Object.fromEntries(Object.entries(ROLE_ACTIONS).map(([action, roles]) => [action, [...roles].sort()]))).toEqual(transcribed);
  });

  it('the route table carries each contract endpoint\'s access, action and organization parameter', () => {
    const declared = new Map<string, contract.Endpoint>();
    for (const group of Object.values(contract)) {
      if (!group || typeof group !== 'object') continue;
      for (const e of Object.values(group as Record<string, unknown>)) {
        const ep = e as contract.Endpoint;
        if (ep && typeof ep === 'object' && typeof ep.method === 'string' && typeof ep.path === 'string' && 'response' in ep && 'answer' in ep) declared.set(`${ep.method} ${ep.path}`, ep);
      }
    }
    const drift: string[] = [];
    let matched = 0;
    for (const r of t.app.routeTable) {
      for (const m of methodsOf(r)) {
        const ep = declared.get(`${m} ${r.url}`);
        if (!ep) continue;
        matched++;
        const got = { access: accessOf(r), action: actionOf(r), organizationParam: organizationParamOf(r) };
        const want = { access: ep.access, action: ep.action, organizationParam: ep.organizationParam };
        if (JSON.stringify(got) !== JSON.stringify(want)) drift.push(`${m} ${r.url}: ${JSON.stringify(got)} vs contract ${JSON.stringify(want)}`);
      }
    }
    expect(matched).toBeGreaterThan(40);
    expect(drift).toEqual([]);
  });

  it('the check catches a user route registered without an action (not through the contract)', async () => {
    const app = Fastify();
    recordRoutes(app);
    app.get('/v1/tanpa-aturan', async () => ({ ok: true }));
    app.get('/v1/dengan-aturan', { config: { action: 'events.read' } }, async () => ({ ok: true }));
    app.get('/v1/publik', { config: { access: 'public' } }, async () => ({ ok: true }));
    await app.ready();
    expect(userRoutes(app).filter((r) => !actionOf(r)).flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`))).toEqual(['GET /v1/tanpa-aturan']);
    await app.close();
  });

  it('money: admin and staff are refused every money route; finance and the owner read the coin account', async () => {
    const money = casesOf().filter((c) => c.action === 'money');
    expect(money.map((c) => c.key)).toEqual(expect.arrayContaining([
      'GET /v1/transactions/eo/coin', 'POST /v1/transactions/eo/coin/withdrawal', 'POST /v1/transactions/eo/bank-account', 'GET /v1/transactions/eo/coin/withdrawal',
    ]));
    for (const c of money) {
      for (const who of ['admin', 'staff'] as const) {
        const res = await send(t.app, c.route, c.method, c.inputs, c.values, token[who], { headers: { [ORGANIZATION_HEADER]: org1Id } });
        expect(res.status, `${c.key} as ${who}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body.messageId).toBe('FORBIDDEN_ROLE');
      }
    }
    const eventId = world.v1.event[0]!;
    const coin = (who: Who) => call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${eventId}`, token: token[who], headers: { [ORGANIZATION_HEADER]: org1Id } });
    for (const who of ['owner', 'finance'] as const) {
      const res = await coin(who);
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(200);
      // Organization 1's own coin account, with its bank account: not a new one.
      expect(res.body.data.result._id).toBe(world.v1.coin[0]);
      expect(JSON.stringify(res.body)).toContain(MARK.bankHolder);
    }
    for (const who of ['admin', 'staff'] as const) {
      const res = await coin(who);
      expect([res.status, res.body.messageId], who).toEqual([403, 'FORBIDDEN_ROLE']);
      expect(leaked(world.secrets, res, eventId)).toEqual([]);
    }
  });

  it('staff read the events and participants but may not export them; finance may', async () => {
    const headers = { [ORGANIZATION_HEADER]: org1Id };
    const eventId = world.v1.event[0]!;
    const lists = await call(t.app, { method: 'GET', url: '/v1/events/lists', token: token.staff, headers });
    expect(lists.status, JSON.stringify(lists.body)).toBe(200);
    expect(JSON.stringify(lists.body)).toContain(MARK.future);
    const participants = await call(t.app, { method: 'GET', url: `/v1/event-regist/lists?eventId=${eventId}`, token: token.staff, headers });
    expect(participants.status, JSON.stringify(participants.body)).toBe(200);
    expect(JSON.stringify(participants.body)).toContain(MARK.participant);
    const exportAs = (who: Who) => call(t.app, { method: 'GET', url: `/v1/event-regist/export?eventId=${eventId}`, token: token[who], headers });
    const refused = await exportAs('staff');
    expect([refused.status, refused.body.messageId], JSON.stringify(refused.body)).toEqual([403, 'FORBIDDEN_ROLE']);
    expect(leaked(world.secrets, refused, eventId)).toEqual([]);
    for (const who of ['owner', 'admin', 'finance'] as const) {
      const res = await exportAs(who);
      expect(res.status, `${who}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      expect(String(res.body)).toContain(MARK.participantEmail);
    }
  });

  it('check-in at the door: staff check a participant in, finance may not; every role reads the summary', async () => {
    const headers = { [ORGANIZATION_HEADER]: org1Id };
    const eventId = world.v1.event[0]!;
    const registrantId = world.v1.registrant[0]!;
    const checkIn = (who: Who) => call(t.app, { method: 'POST', url: `/v1/events/${eventId}/checkins`, token: token[who], headers, payload: { registrantId } });
    const refused = await checkIn('finance');
    expect([refused.status, refused.body.messageId], JSON.stringify(refused.body)).toEqual([403, 'FORBIDDEN_ROLE']);
    expect(leaked(world.secrets, refused, eventId, registrantId)).toEqual([]);
    const done = await checkIn('staff');
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data.result).toMatchObject({ registrantId, checkedInBy: 'Anggota staff' });
    expect(JSON.stringify(done.body)).toContain(MARK.participant);
    for (const who of ['owner', 'admin', 'staff'] as const) expect((await checkIn(who)).body.messageId).toBe('ALREADY_CHECKED_IN');
    const pack = (who: Who) => call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/offline-pack`, token: token[who], headers });
    expect((await pack('staff')).status).toBe(200);
    expect((await pack('finance')).body.messageId).toBe('FORBIDDEN_ROLE');
    for (const who of ORG_ROLES) {
      const res = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/checkins/summary`, token: token[who], headers });
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.result.checkedIn, who).toBe(1);
    }
    // Put back as found: the walk below checks the same registrant in again.
    expect((await call(t.app, { method: 'DELETE', url: `/v1/events/${eventId}/checkins/${registrantId}`, token: token.staff, headers })).status).toBe(204);
  });

  it('an outsider acting in their own organization finds none of organization 1\'s records (the ownership matrix has the rest)', async () => {
    const [event] = world.v1.event;
    for (const url of [`/v1/events/detail?id=${event}`, `/v1/transactions/eo/coin?eventId=${event}`, `/v1/certificates/${world.v1.certificate[0]}`, `/v1/transactions/event/${event}`]) {
      const res = await call(t.app, { method: 'GET', url, token: token.outsider });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(leaked(world.secrets, res, event, world.v1.certificate[0])).toEqual([]);
    }
  });

  it('every user route answers each caller as the permission table says', async () => {
    const cases = casesOf();
    const problems: string[] = [];
    const answers = new Map<string, Answer>();
    const seen = new Set<string>();
    let calls = 0;

    const check = (c: Case, who: Who, res: Answer, label = who as string) => {
      calls++;
      const expected = expectation(c, who);
      const where = `${c.key} [${c.action}] as ${label}`;
      const said = `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      if (res.status >= 500) problems.push(`${where}: ${said}`);
      if (expected === 'forbidden' && !isForbiddenRole(res)) problems.push(`${where}: expected 403 FORBIDDEN_ROLE, got ${said}`);
      if (expected === 'forbidden-scope' && !isForbiddenScope(res)) problems.push(`${where}: expected 403 FORBIDDEN_SCOPE, got ${said}`);
      if (expected === 'not-found' && res.status !== 404) problems.push(`${where}: expected 404, got ${said}`);
      if (expected === 'allowed' && (isForbiddenRole(res) || isForbiddenScope(res) || res.status === 401)) problems.push(`${where}: allowed by the table, got ${said}`);
      if (expected === 'allowed' && c.action === 'self' && [403, 404].includes(res.status)) problems.push(`${where}: a self route, got ${said}`);
      if (expected !== 'allowed') {
        const leak = leaked(world.secrets, res, ...Object.values(c.values));
        if (leak.length) problems.push(`${where}: refused, yet shows ${leak.join(', ')}`);
      }
    };
    const run = async (c: Case, who: Who) => {
      const res = await send(t.app, c.route, c.method, c.inputs, c.values, await sessionFor(c, who), { headers: namesOrg1(c, who) ? { [ORGANIZATION_HEADER]: org1Id } : {} });
      check(c, who, res);
      answers.set(`${c.key} ${who}`, res);
      seen.add(`${c.key} ${who}`);
    };
    // A removed member without the header has no organization left: refused, never served.
    const runRemovedBare = async (c: Case) => {
      if (c.action === 'self') return;
      const res = await send(t.app, c.route, c.method, c.inputs, c.values, token.removed);
      calls++;
      if (!(isForbiddenRole(res) || res.status === 404)) problems.push(`${c.key} as removed (no header): expected 403 FORBIDDEN_ROLE or 404, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      const leak = leaked(world.secrets, res, ...Object.values(c.values));
      if (leak.length) problems.push(`${c.key} as removed (no header): shows ${leak.join(', ')}`);
    };

    // Reads first; then the writes (deletes last), each caller in turn; `self` routes last,
    // those naming an organization (leaving it) at the very end.
    const reads = cases.filter((c) => c.action !== 'self' && c.method === 'GET');
    const writes = cases.filter((c) => c.action !== 'self' && c.method !== 'GET').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const selfs = cases.filter((c) => c.action === 'self').sort((a, b) => Number(Boolean(a.orgParam)) - Number(Boolean(b.orgParam)) || Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    // A read's callers at once; the reads one after another (an export writes the audit log, which a read shows).
    for (const c of reads) await Promise.all([...WHO.map((who) => run(c, who)), runRemovedBare(c)]);
    for (const c of [...writes, ...selfs]) {
      await runRemovedBare(c);
      // The refused first (they change nothing), then the allowed, the owner last.
      const order = [...WHO].sort((a, b) => Number(expectation(c, a) === 'allowed') - Number(expectation(c, b) === 'allowed') || Number(a === 'owner') - Number(b === 'owner'));
      for (const who of order) await run(c, who);
    }

    // What the owner reads, every role allowed the action reads alike: the same organization's records.
    for (const c of reads) {
      const owner = answers.get(`${c.key} owner`)!;
      if (owner.status !== 200) continue;
      const file = !String(owner.headers['content-type']).includes('json');
      for (const who of [...ORG_ROLES, ...KEYS].filter((r) => r !== 'owner' && expectation(c, r) === 'allowed')) {
        const res = answers.get(`${c.key} ${who}`)!;
        if (res.status !== 200) problems.push(`${c.key} [${c.action}] as ${who}: the owner reads it (200), ${who} got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        else if (!file && comparable(c.key, res) !== comparable(c.key, owner)) problems.push(`${c.key} [${c.action}] as ${who}: answers otherwise than to the owner: ${shape(res)} vs ${shape(owner)}`);
      }
    }

    const byAction = new Map<string, number>();
    for (const c of cases) byAction.set(c.action, (byAction.get(c.action) ?? 0) + 1);
    console.log(`role matrix: ${cases.length} routes, ${calls} calls; by action: ${[...byAction].map(([a, n]) => `${a} ${n}`).join(', ')}; `
      + `actions without a route yet: ${ORG_ACTIONS.filter((a) => !byAction.has(a)).join(', ') || 'none'}`);
    expect(problems.length, `\n${problems.join('\n')}\n`).toBe(0);
    // Every route was called by every caller, and the walk covered the product, not an empty table.
    expect(seen.size).toBe(cases.length * WHO.length);
    expect(cases.length).toBeGreaterThan(40);
    expect(cases.map((c) => c.key)).toEqual(expect.arrayContaining([
      'GET /v1/events/lists', 'PUT /v1/events/update', 'GET /v1/event-regist/export', 'GET /v1/transactions/event/:id', 'PUT /v1/certificates/:id',
      'POST /v1/transactions/eo/coin/withdrawal', 'GET /v1/files/:id', 'POST /v1/logout',
      'POST /v1/events/:id/checkins', 'DELETE /v1/events/:id/checkins/:registrantId', 'POST /v1/events/:id/checkins/sync',
    ]));
    // Reads the owner makes with organization 1's records really read something (the inputs are good).
    const ownerReads = reads.filter((c) => answers.get(`${c.key} owner`)!.status === 200).map((c) => c.key);
    expect(ownerReads).toEqual(expect.arrayContaining([
      'GET /v1/events/lists', 'GET /v1/events/total', 'GET /v1/events/detail', 'GET /v1/event-regist/lists', 'GET /v1/event-regist/export',
      'GET /v1/transactions/eo/coin', 'GET /v1/transactions/eo/summary', 'GET /v1/certificates', 'GET /v1/certificates/:id',
      'GET /v1/files/:id', 'GET /v1/transactions/eo/coin/withdrawal/receipt', 'GET /v1/transactions/event/:id', 'GET /v1/events/:id/views',
      'GET /v1/events/:id/checkins/summary', 'GET /v1/events/:id/checkins/offline-pack',
    ]));
  });
});
