import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { registrants, whatsappMessages } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { signBody } from '../../../test/cloud-api-server.js';

/** Without WHATSAPP_* the app is mail only, exactly as before: no box on the form, no messages, no webhook. */
let t: TestApp;
let owner: string;
let orgId: string;
let eventId: string;

beforeAll(async () => {
  const team = await createTeamApp({ JOB_WORKERS: '1' });
  ({ t, org1: owner } = team);
  eventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Kelas Tanpa WhatsApp', { days: 10 }));
  orgId = (await callerFor(t.database.db, team.ids.org1)).organizationId!;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('WhatsApp not configured', () => {
  it('the form offers no box, a ticked one queues nothing, the mail goes as always', async () => {
    const page = await call(t.app, { method: 'GET', url: `/v1/public/events/${eventId}` });
    expect(page.body.data.result.whatsapp).toBe(false);
    const ticket = (await t.database.db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, eventId) }))!;
    const res = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${eventId}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
      payload: { ticketId: ticket.id, participant: { name: 'Budi', email: 'budi@contoh.id', phoneNumber: '081234567890' }, whatsappOptIn: true },
    });
    expect(res.status).toBe(201);
    await settleJobs(t.database.db);
    const [row] = await t.database.db.select().from(registrants).where(eq(registrants.id, res.body.data.result.registrantId));
    expect(row!.whatsappOptIn).toBe(true);
    expect(await t.database.db.select().from(whatsappMessages)).toEqual([]);
    expect((await readOutbox(t.config.dataDir)).map((m) => m.to)).toContain('budi@contoh.id');
    const summary = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/messages/whatsapp`, token: owner, headers: { [ORGANIZATION_HEADER]: orgId } });
    expect(summary.body.data.result).toEqual({ enabled: false, kinds: [] });
  });

  it('the webhook is not there: 404 for the handshake and for a callback, signed or not', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' })).status).toBe(404);
    const raw = '{"object":"whatsapp_business_account","entry":[]}';
    const res = await call(t.app, { method: 'POST', url: '/v1/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody('x', raw) }, payload: raw });
    expect(res.status).toBe(404);
  });
});
