import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MSG, WEBHOOK_SECRET_PREFIX } from '@eo/contract';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { call, createTestApp, settleJobs, tokenFor, until, type TestApp } from '../../../test/harness.js';
import { addMembers, createTeamApp, createUsers } from '../../../test/fixtures.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

/**
 * Webhook endpoints over the API (API.md, Integrations), sent to a real HTTP receiver and
 * verified with the `standardwebhooks` library receivers use: the secret shown once, the
 * signature, retries with backoff until the receiver takes it, the switch-off after three days
 * of failures (time moved by the rows' timestamps) with a mail to the owners over real SMTP,
 * and the address rule at save and at send.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let owner: string;
let other: string;
let staff: string;
let admin: string;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = owner) =>
  call(t.app, { method, url: `/v1/organization/webhooks${url}`, token, ...(payload ? { payload } : {}) });
const deliveries = async (id: string) => (await api('GET', `/${id}/deliveries`)).body.data.docs as { id: string; status: string; attempts: number; responseStatus: number | null; eventType: string; nextAttemptAt: string | null }[];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  receiver = await startWebhookReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '50' });
  ({ t, org1: owner, org2: other } = team);
  const organizationId = (await t.database.db.query.memberships.findFirst({ where: (m, { eq: e }) => e(m.userId, team.ids.org1) }))!.organizationId;
  ({ staff, admin } = await addMembers(t, organizationId, ['staff', 'admin'], 'webhooks'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await receiver?.close();
});

describe('webhook endpoints', () => {
  it('adds one with its secret shown once, lists it without the secret, and sends a signed test event', async () => {
    const created = await api('POST', '', { url: receiver.url, events: ['registration.created', 'checkin.created'] });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(WEBHOOK_MSG.created);
    const { id, secret } = created.body.data.result;
    expect(secret).toMatch(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9+/]{43}=$`));
    const list = await api('GET', '');
    expect(list.body.data.docs).toEqual([{ id, url: receiver.url, events: ['registration.created', 'checkin.created'], enabled: true, failingSince: null, createdAt: expect.any(String) }]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const before = receiver.received.length;
    const test = await api('POST', `/${id}/test`);
    expect(test.status).toBe(202);
    expect(test.body.data.result).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await settleJobs(t.database.db);
    const got = receiver.received[before]!;
    expect(got.headers['webhook-id']).toBe(test.body.data.result.id);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers['content-type']).toBe('application/json');
    // Verified as a receiver verifies it; a changed body or another secret fails.
    expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });
    expect(() => new Webhook(secret).verify(got.body.replace('webhook.test', 'webhook.tesx'), got.headers)).toThrow();
    expect(() => new Webhook(`${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers)).toThrow();
    const [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, nextAttemptAt: null });
  });

  it('retries a receiver that answers 500 with backoff until it answers 200, with the same webhook-id', async () => {
    const { id, secret } = (await api('POST', '', { url: receiver.url, events: ['registration.created'] })).body.data.result;
    const first = receiver.received.length;
    receiver.state.respond = (n) => (n <= first + 2 ? 500 : 200);
    try {
      const test = (await api('POST', `/${id}/test`)).body.data.result;
      expect(await until(async () => (await deliveries(id))[0]!.status === 'delivered', 500)).toBe(true);
      const tries = receiver.received.slice(first);
      expect(tries).toHaveLength(3);
      expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([test.id]));
      for (const r of tries) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
      // Exponential: the second wait is about twice the first (50 ms, then 100 ms).
      expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(90);
      expect((await deliveries(id))[0]).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
      // It works again: no failure standing.
      expect((await api('GET', '')).body.data.docs.find((w: { id: string }) => w.id === id).failingSince).toBeNull();
    } finally {
      receiver.state.respond = () => 200;
    }
  });

  it('gives up after 24 h of failures, and switches an endpoint failing for 3 days off, mailing the owners', async () => {
    const { id } = (await api('POST', '', { url: receiver.url, events: ['registration.created'] })).body.data.result;
    receiver.state.respond = () => 503;
    try {
      // Failing since 3 days and a minute; the delivery made 24 h ago: this try is its last.
      const db = t.database.db;
      await db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '3 days 1 minute'` }).where(eq(webhookEndpoints.id, id));
      const test = (await api('POST', `/${id}/test`)).body.data.result;
      await db.update(webhookDeliveries).set({ createdAt: sql`now() - interval '24 hours'` }).where(eq(webhookDeliveries.id, test.id));
      await settleJobs(db);
      const [d] = await deliveries(id);
      expect(d).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 503, nextAttemptAt: null });
      const listed = (await api('GET', '')).body.data.docs.find((w: { id: string }) => w.id === id);
      expect(listed).toMatchObject({ enabled: false, failingSince: expect.any(String) });
      await settleJobs(db);
      const mails = (await readReceived(smtp.mails)).filter((m) => m.subject.startsWith('Webhook dinonaktifkan'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.envelope).toContain('organizer@demo.id');
      expect(mails[0]!.text).toContain('/organization/integrations');
      // Switched off: no test, no retry, until switched on again.
      expect((await api('POST', `/${id}/test`)).body.messageId).toBe('WEBHOOK_DISABLED');
      expect((await api('POST', `/${id}/deliveries/${test.id}/retry`)).status).toBe(409);
      receiver.state.respond = () => 200;
      const on = await api('PATCH', `/${id}`, { enabled: true });
      expect(on.body.data.result).toMatchObject({ enabled: true, failingSince: null });
      const retried = await api('POST', `/${id}/deliveries/${test.id}/retry`);
      expect(retried.status).toBe(202);
      expect(retried.body.data.result.status).toBe('pending');
      // Pending already: nothing to retry.
      expect((await api('POST', `/${id}/deliveries/${test.id}/retry`)).status).toBe(409);
      await settleJobs(db);
      expect((await deliveries(id))[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    } finally {
      receiver.state.respond = () => 200;
    }
  });

  it('changes the URL and events, deletes, and answers 404 for another organization and 403 for staff', async () => {
    const { id } = (await api('POST', '', { url: receiver.url, events: ['registration.created'] })).body.data.result;
    const changed = await api('PATCH', `/${id}`, { events: ['certificate.issued', 'checkin.created'], url: `${receiver.url}?v=2` });
    expect(changed.body.data.result).toMatchObject({ events: ['checkin.created', 'certificate.issued'], url: `${receiver.url}?v=2` });
    expect((await api('PATCH', `/${id}`, { enabled: false })).body.data.result.enabled).toBe(false);
    expect((await api('GET', `/${id}/deliveries`, undefined, other)).status).toBe(404);
    expect((await api('DELETE', `/${id}`, undefined, other)).status).toBe(404);
    expect((await api('GET', '', undefined, staff)).status).toBe(403);
    expect((await api('GET', '', undefined, admin)).status).toBe(200);
    expect((await api('DELETE', `/${id}`)).status).toBe(200);
    expect((await api('GET', `/${id}/deliveries`)).status).toBe(404);
  });

  it('refuses bad input with 400: no event, an unknown event, a non-http URL, credentials in it', async () => {
    const bad = async (body: object, message: string) => {
      const res = await api('POST', '', body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    };
    await bad({ url: receiver.url, events: [] }, WEBHOOK_MSG.eventsRequired);
    await bad({ url: 'ftp://contoh.id/hook', events: ['checkin.created'] }, WEBHOOK_MSG.urlInvalid);
    await bad({ url: 'https://user:pw@contoh.id/hook', events: ['checkin.created'] }, WEBHOOK_MSG.urlCredentials);
    expect((await api('POST', '', { url: receiver.url, events: ['checkin.deleted'] })).status).toBe(400);
  });
});

describe('the address rule without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let token: string;
  let ownerId: string;
  beforeAll(async () => {
    strict = await createTestApp({ JOB_WORKERS: '1' });
    ownerId = (await createUsers(strict.database.db)).org1;
    token = (await tokenFor(strict.app, 'organizer@demo.id')).token;
  }, 60_000);
  afterAll(async () => strict?.close());

  it('refuses loopback, private, link-local, CGNAT and metadata addresses, and a name resolving to 127.0.0.1, with the contract\'s message', async () => {
    for (const url of [
      receiver.url, `http://localhost:${receiver.port}/hook`, 'http://[::1]/hook', 'http://[::ffff:127.0.0.1]/hook', 'http://10.1.2.3/hook',
      'http://192.168.1.1/hook', 'http://172.20.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://100.64.0.1/hook', 'http://0.0.0.0/hook',
      'http://[fe80::1]/hook', 'http://[fd00::1]/hook', 'http://2130706433/hook',
    ]) {
      const res = await call(strict.app, { method: 'POST', url: '/v1/organization/webhooks', token, payload: { url, events: ['checkin.created'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.errors, url).toEqual([{ message: WEBHOOK_MSG.urlPrivate, path: 'url' }]);
    }
  });

  it('checks again at each send: an endpoint saved while allowed is refused at send, never reached', async () => {
    const db = strict.database.db;
    const organizationId = (await db.query.memberships.findFirst({ where: (m, { eq: e }) => e(m.userId, ownerId) }))!.organizationId;
    const [e] = await db.insert(webhookEndpoints).values({ organizationId, url: `http://localhost:${receiver.port}/hook`, events: ['checkin.created'], secret: `${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(32, 1).toString('base64')}` }).returning();
    const before = receiver.received.length;
    const test = await call(strict.app, { method: 'POST', url: `/v1/organization/webhooks/${e!.id}/test`, token });
    expect(test.status).toBe(202);
    await settleJobs(db);
    const [d] = (await call(strict.app, { method: 'GET', url: `/v1/organization/webhooks/${e!.id}/deliveries`, token })).body.data.docs;
    expect(d).toMatchObject({ attempts: 1, responseStatus: null, lastError: expect.stringContaining('address refused') });
    expect(receiver.received.length).toBe(before);
  });
});
