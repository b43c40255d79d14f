import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG, ORG_MSG, ORGANIZATION_HEADER, type ApiKeyScope } from '@eo/contract';
import { apiKeys } from '../../db/schema/index.js';
import { call, tokenFor, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';

let t: TestApp;
let org1: string;
let org2: string;
let org1Id: string;
let org2Id: string;
let eventId: string;
let event2Id: string;
let registrantId: string;

beforeAll(async () => {
  const team = await createTeamApp({ API_KEY_RATE_LIMIT: '1000' });
  ({ t, org1, org2 } = team);
  const db = t.database.db;
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  org2Id = (await callerFor(db, team.ids.org2)).organizationId!;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Lomba Kunci API', { days: 5 }));
  event2Id = await createEvent(db, team.ids.org2, simpleEvent('Event Organisasi Dua', { days: 5 }));
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, eventId) });
  const registered = await new PlatformService(db).register(eventId, {
    ticketId: ticket!.id, participant: { name: 'Peserta Kunci', email: 'peserta.kunci@contoh.id', lastEducation: 'SMA', gender: 'Laki-laki' },
  });
  registrantId = registered.registrantId;
}, 60_000);
afterAll(() => t?.close());

const headers = (orgId: string) => ({ [ORGANIZATION_HEADER]: orgId });
const createKey = (token: string, orgId: string, payload: object) =>
  call(t.app, { method: 'POST', url: '/v1/organization/api-keys', token, headers: headers(orgId), payload });
const listKeys = (token: string, orgId = org1Id) => call(t.app, { method: 'GET', url: '/v1/organization/api-keys', token, headers: headers(orgId) });
const revokeKey = (token: string, id: string, orgId = org1Id) => call(t.app, { method: 'DELETE', url: `/v1/organization/api-keys/${id}`, token, headers: headers(orgId) });
async function keyWith(scopes: ApiKeyScope[], name = `Kunci ${scopes.join('+')}`) {
  const res = await createKey(org1, org1Id, { name, scopes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.result as { id: string; key: string };
}
const asKey = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, extra: { payload?: object; orgId?: string } = {}) =>
  call(t.app, { method, url, token: key, payload: extra.payload, headers: extra.orgId ? headers(extra.orgId) : {} });
const audit = async () => (await call(t.app, { method: 'GET', url: `/v1/organizations/${org1Id}/audit?limit=100`, token: org1, headers: headers(org1Id) })).body.data.docs as {
  action: string; targetId: string | null; actor: { email: string } | null; apiKey: { id: string; name: string; prefix: string } | null;
}[];

describe('organization API keys', () => {
  it('creates a key shown once: the database keeps its SHA-256 hash and its first characters only', async () => {
    const res = await createKey(org1, org1Id, { name: '  Integrasi CRM  ', scopes: ['events.read', 'participants.read'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(API_KEY_MSG.created);
    const { id, key } = res.body.data.result;
    expect(key).toMatch(/^eo_live_[A-Za-z0-9_-]{32}$/);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row).toMatchObject({ organizationId: org1Id, name: 'Integrasi CRM', prefix: key.slice(0, 16), scopes: ['events.read', 'participants.read'], revokedAt: null, lastUsedAt: null });
    expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    // The secret part is in no column of any key row.
    expect(JSON.stringify(await t.database.db.select().from(apiKeys))).not.toContain(key.slice(16));

    const listed = await listKeys(org1);
    expect(listed.status).toBe(200);
    expect(listed.body.data.docs).toContainEqual({
      id, name: 'Integrasi CRM', prefix: key.slice(0, 16), scopes: ['events.read', 'participants.read'], createdAt: expect.stringMatching(/Z$/), lastUsedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((await audit()).find((e) => e.action === 'api_key.created' && e.targetId === id)).toMatchObject({ actor: { email: 'organizer@demo.id' }, apiKey: null });
    // Another organization's list does not show it.
    expect(JSON.stringify((await listKeys(org2, org2Id)).body)).not.toContain(id);
  });

  it('refuses a key without a name or scopes, or with a scope that does not exist', async () => {
    for (const [payload, message] of [
      [{ name: '', scopes: ['events.read'] }, API_KEY_MSG.nameRequired],
      [{ name: 'x'.repeat(81), scopes: ['events.read'] }, API_KEY_MSG.nameMax],
      [{ name: 'Tanpa izin', scopes: [] }, API_KEY_MSG.scopesRequired],
      [{ name: 'Izin ganda', scopes: ['events.read', 'events.read'] }, API_KEY_MSG.scopesRequired],
    ] as const) {
      const res = await createKey(org1, org1Id, payload);
      expect([res.status, res.body.errors?.[0]?.message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect((await createKey(org1, org1Id, { name: 'Izin asing', scopes: ['money'] })).status).toBe(400);
  });

  it('reads the events of its own organization, and marks itself used at most once a minute', async () => {
    const { id, key } = await keyWith(['events.read']);
    const res = await asKey(key, 'GET', '/v1/events/lists');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).toContain('Lomba Kunci API');
    expect(JSON.stringify(res.body)).not.toContain('Event Organisasi Dua');
    expect((await asKey(key, 'GET', `/v1/events/detail?id=${eventId}`)).status).toBe(200);
    const usedAt = async () => (await t.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    const first = await usedAt();
    expect(first).toBeInstanceOf(Date);
    await asKey(key, 'GET', '/v1/events/total');
    expect(await usedAt()).toEqual(first);
    // A minute later the next call writes it again.
    await t.database.db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 61_000) }).where(eq(apiKeys.id, id));
    await asKey(key, 'GET', '/v1/events/total');
    expect((await usedAt())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const listed = (await listKeys(org1)).body.data.docs.find((k: { id: string }) => k.id === id);
    expect(listed.lastUsedAt).toMatch(/Z$/);
  });

  it('never reaches another organization: naming it is 404, its records are unknown', async () => {
    const { key } = await keyWith(['events.read', 'participants.read', 'checkins.write']);
    const named = await asKey(key, 'GET', '/v1/events/lists', { orgId: org2Id });
    expect(named.status).toBe(404);
    expect((await asKey(key, 'GET', '/v1/events/lists', { orgId: org1Id })).status).toBe(200);
    for (const url of [`/v1/events/detail?id=${event2Id}`, `/v1/event-regist/lists?eventId=${event2Id}`, `/v1/events/${event2Id}/checkins/summary`]) {
      const res = await asKey(key, 'GET', url);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Event Organisasi Dua');
    }
    expect((await asKey(key, 'POST', `/v1/events/${event2Id}/checkins`, { payload: { registrantId } })).status).toBe(404);
  });

  it('does only what its scopes open: anything else is 403 FORBIDDEN_SCOPE', async () => {
    const { key: events } = await keyWith(['events.read']);
    const forbidden = async (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await asKey(key, method, url, { payload });
      expect([res.status, res.body.messageId, res.body.message], `${method} ${url}`).toEqual([403, 'FORBIDDEN_SCOPE', API_KEY_MSG.forbiddenScope]);
      expect(JSON.stringify(res.body)).not.toContain('Peserta Kunci');
    };
    // Participants, the door, money, key management, the caller's own account, the platform's admin.
    await forbidden(events, 'GET', `/v1/event-regist/lists?eventId=${eventId}`);
    await forbidden(events, 'GET', `/v1/events/${eventId}/attendance`);
    await forbidden(events, 'POST', `/v1/events/${eventId}/checkins`, { registrantId });
    await forbidden(events, 'GET', `/v1/transactions/eo/coin?eventId=${eventId}`);
    await forbidden(events, 'GET', '/v1/organization/api-keys');
    await forbidden(events, 'POST', '/v1/organization/api-keys', { name: 'Kunci dari kunci', scopes: ['events.read'] });
    await forbidden(events, 'GET', '/v1/profile');
    await forbidden(events, 'POST', '/v1/logout');
    await forbidden(events, 'GET', `/v1/organizations/${org1Id}/members`);
    await forbidden(events, 'GET', '/v1/admin/events/review');

    const { key: participants } = await keyWith(['participants.read']);
    const list = await asKey(participants, 'GET', `/v1/event-regist/lists?eventId=${eventId}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Peserta Kunci');
    await forbidden(participants, 'GET', '/v1/events/lists');
    await forbidden(participants, 'POST', `/v1/events/${eventId}/checkins`, { registrantId });

    const { key: door, id: doorId } = await keyWith(['checkins.write'], 'Pintu masuk');
    const checkIn = await asKey(door, 'POST', `/v1/events/${eventId}/checkins`, { payload: { registrantId } });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    await forbidden(door, 'GET', `/v1/event-regist/lists?eventId=${eventId}`);
    expect((await asKey(door, 'DELETE', `/v1/events/${eventId}/checkins/${registrantId}`)).status).toBe(204);
    // The undo is audited in the organization's log, naming the key beside the member who made it.
    const undone = (await audit()).find((e) => e.action === 'checkin.undone');
    expect(undone).toMatchObject({ actor: { email: 'organizer@demo.id' }, apiKey: { id: doorId, name: 'Pintu masuk', prefix: door.slice(0, 16) } });
  });

  it('exports participants under participants.read, the download audited with the key', async () => {
    const { key, id } = await keyWith(['participants.read'], 'Ekspor harian');
    const res = await asKey(key, 'GET', `/v1/event-regist/export?eventId=${eventId}`);
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('peserta.kunci@contoh.id');
    expect((await audit()).find((e) => e.action === 'export.downloaded' && e.apiKey?.id === id)).toMatchObject({ apiKey: { name: 'Ekspor harian' } });
  });

  it('a revoked key is refused at its next call; an unknown key is 401', async () => {
    const { id, key } = await keyWith(['events.read']);
    expect((await asKey(key, 'GET', '/v1/events/total')).status).toBe(200);
    const revoked = await revokeKey(org1, id);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data.result).toMatchObject({ id, revokedAt: expect.stringMatching(/Z$/) });
    const after = await asKey(key, 'GET', '/v1/events/total');
    expect([after.status, after.body.message]).toEqual([401, API_KEY_MSG.unknownKey]);
    expect((await listKeys(org1)).body.data.docs.map((k: { id: string }) => k.id)).not.toContain(id);
    expect((await revokeKey(org1, id)).status).toBe(404);
    expect((await audit()).find((e) => e.action === 'api_key.revoked' && e.targetId === id)).toBeTruthy();
    expect((await asKey(`eo_live_${'A'.repeat(32)}`, 'GET', '/v1/events/total')).status).toBe(401);
    expect((await asKey('eo_live_', 'GET', '/v1/events/total')).status).toBe(401);
  });

  it('another organization cannot revoke or see a key: 404', async () => {
    const { id, key } = await keyWith(['events.read']);
    expect((await revokeKey(org2, id, org2Id)).status).toBe(404);
    expect((await asKey(key, 'GET', '/v1/events/total')).status).toBe(200);
  });

  it('owners and admins manage keys; finance and staff are refused (403 FORBIDDEN_ROLE)', async () => {
    const members = await addMembers(t, org1Id, ['admin', 'finance', 'staff'], 'kunci');
    const made = await createKey(members.admin, org1Id, { name: 'Kunci admin', scopes: ['checkins.write'] });
    expect(made.status).toBe(201);
    for (const role of ['finance', 'staff'] as const) {
      for (const res of [
        await listKeys(members[role]),
        await createKey(members[role], org1Id, { name: `Kunci ${role}`, scopes: ['events.read'] }),
        await revokeKey(members[role], made.body.data.result.id),
      ]) expect([res.status, res.body.messageId, res.body.message], role).toEqual([403, 'FORBIDDEN_ROLE', ORG_MSG.forbiddenRole]);
    }
    expect((await revokeKey(members.admin, made.body.data.result.id)).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the key as a security scheme beside the session token', async () => {
    const doc = (await call(t.app, { method: 'GET', url: '/docs/json' })).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'eo_live_…' });
    expect(doc.components.securitySchemes.apiKey.description).toContain('FORBIDDEN_SCOPE');
    expect(doc.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/organization/api-keys', '/v1/organization/api-keys/{id}']));
  });
});

describe('per-key rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    ({ t: limited } = await createTeamApp({ API_KEY_RATE_LIMIT: '3' }));
  });
  afterAll(() => limited?.close());

  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT a minute, per key', async () => {
    const owner = (await tokenFor(limited.app, 'organizer@demo.id')).token;
    const org = (await call(limited.app, { method: 'GET', url: '/v1/organizations', token: owner })).body.data.docs[0].id;
    const make = async () => (await call(limited.app, { method: 'POST', url: '/v1/organization/api-keys', token: owner, headers: headers(org), payload: { name: 'Batas', scopes: ['events.read'] } })).body.data.result.key as string;
    const [a, b] = [await make(), await make()];
    const hit = (key: string) => call(limited.app, { method: 'GET', url: '/v1/events/total', token: key });
    for (let i = 0; i < 3; i++) expect((await hit(a)).status).toBe(200);
    const over = await hit(a);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.body.messageId).toBe('TOO_MANY_REQUESTS');
    // Another key of the same organization, and the members' own sessions, are not held back.
    expect((await hit(b)).status).toBe(200);
    expect((await call(limited.app, { method: 'GET', url: '/v1/events/total', token: owner })).status).toBe(200);
  });
});
