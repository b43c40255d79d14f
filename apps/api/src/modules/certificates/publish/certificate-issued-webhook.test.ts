import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificates, webhookDeliveries } from '../../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../../test/fixtures.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver.js';
import { insertRecipients } from './publish.repository.js';

/**
 * `certificate.issued` (API.md, Integrations) is sent for each recipient a publish writes, in the
 * transaction that writes it: rolled back, nothing is sent.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let secret: string;
let organizationId: string;
let creatorId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const team = await createTeamApp({ JOB_WORKERS: '1', WEBHOOK_ALLOW_PRIVATE: '1' });
  t = team.t;
  creatorId = team.ids.org1;
  organizationId = (await t.database.db.query.memberships.findFirst({ where: (m, { eq }) => eq(m.userId, creatorId) }))!.organizationId;
  secret = (await call(t.app, { method: 'POST', url: '/v1/organization/webhooks', token: team.org1, payload: { url: receiver.url, events: ['certificate.issued'] } })).body.data.result.secret;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const batch = async (eventId: string) =>
  (await t.database.db.insert(certificates).values({ organizationId, creatorId, eventId, status: 'publishing', recipientType: 'csv' }).returning())[0]!;
const recipient = (certificateId: string, n: number, serial: string) => ({ certificateId, position: n, serial, name: `Penerima ${n}`, email: `penerima${n}@contoh.id`, verifyToken: `token-${serial}` });

it('sends certificate.issued for each recipient written, signed', async () => {
  const eventId = await createEvent(t.database.db, creatorId, simpleEvent('Pelatihan Bersertifikat', { days: 10 }));
  const cert = await batch(eventId);
  await t.database.db.transaction((tx) => insertRecipients(tx, [recipient(cert.id, 1, 'KABAR-0001'), recipient(cert.id, 2, 'KABAR-0002')]));
  await settleJobs(t.database.db);
  const got = receiver.received.map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
  expect(got.map((x) => [x.type, x.data.serial]).sort()).toEqual([['certificate.issued', 'KABAR-0001'], ['certificate.issued', 'KABAR-0002']]);
  expect(got[0]!.data).toMatchObject({ certificateId: cert.id, eventId, name: expect.stringMatching(/^Penerima/) });
});

it('sends nothing for recipients rolled back', async () => {
  const eventId = await createEvent(t.database.db, creatorId, simpleEvent('Pelatihan Batal', { days: 10 }));
  const cert = await batch(eventId);
  const before = (await t.database.db.select().from(webhookDeliveries)).length;
  await expect(t.database.db.transaction(async (tx) => {
    await insertRecipients(tx, [recipient(cert.id, 1, 'BATAL-0001')]);
    expect((await tx.select().from(webhookDeliveries)).length).toBe(before + 1);
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect((await t.database.db.select().from(webhookDeliveries)).length).toBe(before);
});
