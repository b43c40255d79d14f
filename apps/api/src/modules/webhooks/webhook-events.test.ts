import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@eo/contract';
import { registrants, tickets } from '../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

/**
 * Every webhook event type is sent by the fact it reports (API.md, Integrations), through the
 * code that writes that fact: public registration, approval, cancellation, check-in at the door,
 * a waiting-list offer, evaluation answers (a certificate issued: certificates/publish). One
 * endpoint subscribes to all of them and another organization's endpoint to all too: it never
 * hears of this organization.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let strangers: WebhookReceiver;
let owner: string;
let creatorId: string;
let secret: string;
let certificatesSecret: string;

const person = (email: string) => ({ name: 'Sari Dewi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
const post = async (url: string, body: object) => call(t.app, { method: 'POST', url, payload: await withAltcha(t.app, body) });
async function event(name: string, ticket: { quota?: number; requiresApproval?: boolean; waitlist?: boolean } = {}) {
  const fixture = simpleEvent(name, { days: 10, quota: ticket.quota ?? 10 });
  Object.assign(fixture.payload.tickets![0]!, { requiresApproval: ticket.requiresApproval ?? false, waitlist: ticket.waitlist ?? false });
  const id = await createEvent(t.database.db, creatorId, fixture);
  return { id, ticketId: (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }))!.id };
}
const register = (e: { id: string; ticketId: string }, email: string) => post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.ticketId, participant: person(email) });

/** The events of `type` the receiver got (signature verified), after the jobs ran. */
async function sent(type: WebhookEventType) {
  await settleJobs(t.database.db);
  return receiver.received.filter((r) => JSON.parse(r.body).type === type)
    .map((r) => new Webhook(r.path.includes('only=certificates') ? certificatesSecret : secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  strangers = await startWebhookReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', WEBHOOK_ALLOW_PRIVATE: '1' });
  ({ t, org1: owner } = team);
  creatorId = team.ids.org1;
  const hook = (url: string, token: string) => call(t.app, { method: 'POST', url: '/v1/organization/webhooks', token, payload: { url, events: WEBHOOK_EVENT_TYPES } });
  secret = (await hook(receiver.url, owner)).body.data.result.secret;
  expect((await hook(strangers.url, team.org2)).status).toBe(201);
  // Subscribed to one type only: hears nothing of the others.
  const only = await call(t.app, { method: 'POST', url: '/v1/organization/webhooks', token: owner, payload: { url: `${receiver.url}?only=certificates`, events: ['certificate.issued'] } });
  certificatesSecret = only.body.data.result.secret;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await strangers?.close();
});

describe('each fact sends its event', () => {
  it('registration.created, by a public registration', async () => {
    const e = await event('Webinar Kabar');
    const res = await register(e, 'kabar@contoh.id');
    expect(res.status).toBe(201);
    const [got, ...more] = await sent('registration.created');
    expect(more).toEqual([]);
    expect(got!.data).toMatchObject({ registrationId: res.body.data.result.registrantId, eventId: e.id, ticketId: e.ticketId, status: 'confirmed', email: 'kabar@contoh.id' });
  });

  it('registration.approved, by the organizer\'s approval', async () => {
    const e = await event('Seminar Seleksi Kabar', { requiresApproval: true });
    const registrantId = (await register(e, 'seleksi@contoh.id')).body.data.result.registrantId;
    const res = await call(t.app, { method: 'POST', url: `/v1/events/${e.id}/registrations/decisions`, token: owner, payload: { decision: 'approve', registrantIds: [registrantId] } });
    expect(res.status).toBe(200);
    expect((await sent('registration.approved')).map((x) => x.data)).toEqual([expect.objectContaining({ registrationId: registrantId, eventId: e.id, status: 'confirmed' })]);
  });

  it('registration.cancelled, by the participant\'s cancellation; waitlist.offered, by the seat it frees', async () => {
    const e = await event('Webinar Penuh Kabar', { quota: 1, waitlist: true });
    const first = (await register(e, 'duduk.kabar@contoh.id')).body.data.result;
    const joined = await post(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.ticketId, participant: person('antri.kabar@contoh.id') });
    expect(joined.status).toBe(201);
    const cancelled = await call(t.app, { method: 'POST', url: `/v1/public/tickets/${first.ticketCode}/cancel`, payload: { email: 'duduk.kabar@contoh.id' } });
    expect(cancelled.status).toBe(200);
    expect((await sent('registration.cancelled')).map((x) => x.data)).toEqual([expect.objectContaining({ registrationId: first.registrantId, eventId: e.id, previousStatus: 'confirmed' })]);
    expect((await sent('waitlist.offered')).map((x) => x.data)).toEqual([
      expect.objectContaining({ waitlistEntryId: joined.body.data.result.waitlistId, eventId: e.id, ticketId: e.ticketId, offeredUntil: expect.any(String) }),
    ]);
  });

  it('checkin.created, by a scan at the door, a pick by hand and an offline sync; a second scan sends nothing', async () => {
    const e = await event('Lokakarya Kabar');
    const [a, b, c] = await Promise.all(['hadir.kabar', 'tangan.kabar', 'luring.kabar'].map(async (n) => (await register(e, `${n}@contoh.id`)).body.data.result));
    const checkin = (payload: object) => call(t.app, { method: 'POST', url: `/v1/events/${e.id}/checkins`, token: owner, payload });
    expect((await checkin({ code: a.ticketCode })).status).toBe(201);
    expect((await checkin({ code: a.ticketCode })).status).toBe(409);
    expect((await checkin({ registrantId: b.registrantId })).status).toBe(201);
    const scannedAt = new Date(Date.now() - 60_000).toISOString();
    const synced = await call(t.app, { method: 'POST', url: `/v1/events/${e.id}/checkins/sync`, token: owner, payload: { scans: [{ code: c.ticketCode, scannedAt, deviceId: 'pintu-1' }] } });
    expect(synced.status).toBe(200);
    const got = (await sent('checkin.created')).map((x) => x.data);
    expect(got).toHaveLength(3);
    expect(got).toEqual(expect.arrayContaining([
      expect.objectContaining({ registrationId: a.registrantId, eventId: e.id, ticketId: e.ticketId, offline: false }),
      expect.objectContaining({ registrationId: b.registrantId, offline: false }),
      expect.objectContaining({ registrationId: c.registrantId, offline: true }),
    ]));
  });

  it('evaluation.submitted, by the participant\'s answers', async () => {
    const created = await call(t.app, { method: 'POST', url: '/v1/events/create', token: owner, payload: validEventPayload() });
    const eventId = created.body.data.result.id as string;
    const now = Date.now();
    const form = await call(t.app, {
      method: 'PUT', url: `/v1/events/${eventId}/evaluation`, token: owner,
      payload: { questions: [{ type: 'rating', label: 'Puas?', isRequired: true }], opensAt: new Date(now - 3_600_000).toISOString(), closesAt: new Date(now + 3_600_000).toISOString() },
    });
    expect(form.status).toBe(200);
    const questionId = form.body.data.result.questions[0].id as string;
    const ticket = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
    const code = 'KabarEvaluasi000000001';
    const [reg] = await t.database.db.insert(registrants).values({ eventId, ticketId: ticket.id, name: 'Penilai', email: 'nilai@contoh.id', quantity: 1, ticketCode: code, status: 'confirmed' }).returning();
    const answered = await call(t.app, { method: 'POST', url: `/v1/public/tickets/${code}/evaluation`, payload: { answers: [{ questionId, value: 4 }] } });
    expect(answered.status).toBe(201);
    expect((await sent('evaluation.submitted')).map((x) => x.data)).toEqual([
      expect.objectContaining({ registrationId: reg!.id, eventId, answers: [{ questionId, value: 4 }] }),
    ]);
  });

  it('sends nothing to another organization\'s endpoint', async () => {
    await settleJobs(t.database.db);
    expect(receiver.received.length).toBeGreaterThan(5);
    expect(strangers.received).toEqual([]);
  });
});
