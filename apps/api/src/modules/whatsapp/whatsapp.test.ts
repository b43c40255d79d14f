import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER, WHATSAPP_TEMPLATES, WHATSAPP_TEXT } from '@eo/contract';
import { events, jobs, messages, whatsappMessages, whatsappOptouts } from '../../db/schema/index.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, listening, settleJobs, until, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { startCloudApiServer, type CloudApiServer } from '../../../test/cloud-api-server.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { WhatsAppOutbox } from './whatsapp-outbox.service.js';

/**
 * WhatsApp through the Cloud API, against a local server that speaks its protocol
 * (test/cloud-api-server.ts): the e-ticket to a participant who ticked the box and to no one
 * else, beside the mail; the webhook's handshake, signature, statuses (forward only, replays and
 * unknown ids harmless) and STOP; retries on 429/5xx, a 4xx template error failed at once; a
 * declined registration, a waiting-list offer and a certificate ready, each once; a reminder's
 * messages and the history's counts.
 */
let t: TestApp;
let api: CloudApiServer;
let owner: string;
let ownerId: string;
let orgId: string;
let eventId: string;
let ticketId: string;
let webhook: string;

const PLATFORM = { 'x-platform-key': 'test-platform-key' };

beforeAll(async () => {
  api = await startCloudApiServer();
  // Retries after 50 ms, then 100 ms: a temporary refusal clears within the test.
  const team = await createTeamApp({ JOB_WORKERS: '1', ...api.env(), WHATSAPP_RATE: '200', WHATSAPP_RETRY_BASE_MS: '50', WHATSAPP_MAX_ATTEMPTS: '3' });
  ({ t, org1: owner } = team);
  ownerId = team.ids.org1;
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Kelas WhatsApp', { days: 10 }));
  ticketId = (await db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, eventId) }))!.id;
  orgId = (await callerFor(db, team.ids.org1)).organizationId!;
  webhook = `${await listening(t)}/v1/whatsapp/webhook`;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await api?.close();
});

async function register(email: string, phoneNumber: string | null, whatsappOptIn: boolean, event = eventId, ticket = ticketId) {
  const res = await call(t.app, {
    method: 'POST', url: `/v1/platform/events/${event}/registrations`, headers: PLATFORM,
    payload: { ticketId: ticket, participant: { name: `Peserta ${email.split('@')[0]}`, email, phoneNumber }, whatsappOptIn },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.result as { registrantId: string; ticketCode: string };
}

const rowOf = async (registrantId: string, kind = 'ticket') =>
  (await t.database.db.select().from(whatsappMessages).where(and(eq(whatsappMessages.registrantId, registrantId), eq(whatsappMessages.kind, kind))))[0];
const sentTo = (to: string) => api.sent.filter((m) => m.to === to);
/** Waits until the registrant's message of `kind` is no longer queued. */
const settled = (registrantId: string, kind = 'ticket') => until(async () => {
  const row = await rowOf(registrantId, kind);
  return row !== undefined && row.status !== 'queued';
}, 400);

describe('sending', () => {
  it('the e-ticket goes to a participant who ticked the box, once, as an approved template beside the mail; no one else gets one', async () => {
    const yes = await register('ya@contoh.id', '0812-3456-7890', true);
    const no = await register('tidak@contoh.id', '081298765432', false);
    await settleJobs(t.database.db);
    expect(await settled(yes.registrantId)).toBe(true);
    const row = (await rowOf(yes.registrantId))!;
    expect(row).toMatchObject({ status: 'sent', phone: '6281234567890', template: WHATSAPP_TEMPLATES.ticket.name, language: 'id', idempotencyKey: `ticket:${yes.registrantId}`, attempts: 1 });
    expect(row.wamid).toMatch(/^wamid\./);
    expect(row.sentAt).toBeInstanceOf(Date);
    const [message, ...more] = sentTo('6281234567890');
    expect(more).toEqual([]);
    expect(message).toMatchObject({ wamid: row.wamid, template: 'eo_eticket', language: 'id', key: `ticket:${yes.registrantId}` });
    expect(message!.params).toEqual(['Peserta ya', 'Kelas WhatsApp', `${t.config.publicUrl}/e/${eventId}/ticket/${yes.ticketCode}`]);
    // Not ticked: no message; the mail goes to both.
    expect(await rowOf(no.registrantId)).toBeUndefined();
    expect(sentTo('6281298765432')).toEqual([]);
    const mails = (await readOutbox(t.config.dataDir)).map((m) => m.to);
    expect(mails).toEqual(expect.arrayContaining(['ya@contoh.id', 'tidak@contoh.id']));
    // The event page's form offers the box: the public payload says WhatsApp is on.
    expect((await call(t.app, { method: 'GET', url: `/v1/public/events/${eventId}` })).body.data.result.whatsapp).toBe(true);
  });

  it('the intake refuses the box ticked without a mobile number (400), and takes it unticked', async () => {
    const res = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${eventId}/registrations`, headers: PLATFORM,
      payload: { ticketId, participant: { name: 'Tanpa Nomor', email: 'tanpa@contoh.id', phoneNumber: null }, whatsappOptIn: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: WHATSAPP_TEXT.phoneRequired, path: 'participant.phoneNumber' }]);
  });

  it('429 and 5xx are tried again with a growing wait until taken; a 4xx template error fails at once with Meta\'s code and reason, never retried', async () => {
    api.refuse('6281311111111', { status: 429, code: 130429, message: 'Rate limit hit' }, { status: 503, code: 131016, message: 'Service unavailable' });
    const later = await register('nanti@contoh.id', '081311111111', true);
    await settleJobs(t.database.db);
    expect(await settled(later.registrantId)).toBe(true);
    expect(await rowOf(later.registrantId)).toMatchObject({ status: 'sent', attempts: 3 });
    const tries = api.requests.filter((r) => r.to === '6281311111111');
    expect(tries.map((r) => r.status)).toEqual([429, 503, 200]);
    // The second wait (100 ms) is longer than the first (50 ms), both at least as long as asked.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(45);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(95);

    api.refuse('6281322222222', { status: 400, code: 132001, message: 'Template name does not exist in the translation', details: 'template name (eo_eticket) does not exist in id' });
    const never = await register('tolak@contoh.id', '081322222222', true);
    expect(await settled(never.registrantId)).toBe(true);
    const failed = (await rowOf(never.registrantId))!;
    expect(failed).toMatchObject({ status: 'failed', errorCode: 132001, attempts: 1, wamid: null });
    expect(failed.errorReason).toContain('Template name does not exist');
    expect(failed.failedAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 400));
    expect(api.requests.filter((r) => r.to === '6281322222222')).toHaveLength(1);
  });

  it('tries that keep failing for the moment end failed after WHATSAPP_MAX_ATTEMPTS', async () => {
    const busy = { status: 500, code: 131000, message: 'Something went wrong' };
    api.refuse('6281333333333', busy, busy, busy, busy);
    const r = await register('sibuk@contoh.id', '081333333333', true);
    expect(await settled(r.registrantId)).toBe(true);
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'failed', attempts: 3, errorCode: 131000 });
    expect(api.requests.filter((x) => x.to === '6281333333333')).toHaveLength(3);
  });
});

describe('the webhook', () => {
  it('answers Meta\'s handshake with the challenge, and refuses a wrong verify token', async () => {
    const ok = await call(t.app, { method: 'GET', url: `/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${api.verifyToken}&hub.challenge=1158201444` });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(String(ok.body)).toBe('1158201444');
    const wrong = await call(t.app, { method: 'GET', url: '/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=salah&hub.challenge=1' });
    expect(wrong.status).toBe(403);
  });

  it('records delivered and read; a late or replayed callback never moves a message back; an unknown id and a bad signature write nothing', async () => {
    const r = await register('baca@contoh.id', '081344444444', true);
    expect(await settled(r.registrantId)).toBe(true);
    const { wamid } = (await rowOf(r.registrantId))!;
    const to = '6281344444444';
    const t0 = Date.now() - 60_000;

    // Signed with another secret: 401, nothing recorded.
    const forged = await api.callback(webhook, [{ wamid: wamid!, status: 'read', recipient: to }], { secret: 'not-the-app-secret' });
    expect(forged.status).toBe(401);
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'sent', readAt: null, deliveredAt: null });
    // No signature at all: the same.
    const unsigned = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"entry":[]}' });
    expect(unsigned.status).toBe(401);

    expect((await api.callback(webhook, [{ wamid: wamid!, status: 'delivered', recipient: to, at: t0 }])).status).toBe(200);
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'delivered', deliveredAt: new Date(Math.floor(t0 / 1000) * 1000) });
    expect((await api.callback(webhook, [{ wamid: wamid!, status: 'read', recipient: to, at: t0 + 5000 }])).status).toBe(200);
    const read = (await rowOf(r.registrantId))!;
    expect(read).toMatchObject({ status: 'read', readAt: new Date(Math.floor((t0 + 5000) / 1000) * 1000) });

    // Replayed, and a late "delivered" and "sent" after "read": it stays read, its times unchanged.
    for (const status of ['read', 'delivered', 'sent'] as const) {
      expect((await api.callback(webhook, [{ wamid: wamid!, status, recipient: to, at: Date.now() }])).status).toBe(200);
    }
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'read', readAt: read.readAt, deliveredAt: read.deliveredAt, sentAt: read.sentAt });

    // An id we never sent: accepted (Meta must not retry it) and nothing changes anywhere.
    const before = await t.database.db.select().from(whatsappMessages);
    expect((await api.callback(webhook, [{ wamid: 'wamid.tidak-dikenal', status: 'failed', recipient: to, error: { code: 131026, title: 'Message undeliverable' } }])).status).toBe(200);
    expect(await t.database.db.select().from(whatsappMessages)).toEqual(before);
  });

  it('a failed callback records Meta\'s code and reason', async () => {
    const r = await register('gagal@contoh.id', '081355555555', true);
    expect(await settled(r.registrantId)).toBe(true);
    const { wamid } = (await rowOf(r.registrantId))!;
    await api.callback(webhook, [{ wamid: wamid!, status: 'failed', recipient: '6281355555555', error: { code: 131026, title: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' } }]);
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'failed', errorCode: 131026, errorReason: 'Message undeliverable: Receiver is incapable of receiving this message' });
  });

  it('a callback that beats the recording of its id finds its message by the idempotency key', async () => {
    const r = await register('cepat@contoh.id', '081366666666', true);
    expect(await settled(r.registrantId)).toBe(true);
    const row = (await rowOf(r.registrantId))!;
    // As if the kill came between the API's answer and our recording of it.
    await t.database.db.update(whatsappMessages).set({ wamid: null }).where(eq(whatsappMessages.id, row.id));
    await api.callback(webhook, [{ wamid: row.wamid!, status: 'delivered', recipient: '6281366666666', key: row.idempotencyKey }]);
    expect(await rowOf(r.registrantId)).toMatchObject({ status: 'delivered', wamid: row.wamid });
  });

  it('STOP opts the number out of the organization\'s WhatsApp messages: its later registrations get the mail only', async () => {
    const first = await register('stop@contoh.id', '081377777777', true);
    expect(await settled(first.registrantId)).toBe(true);
    const res = await api.callback(webhook, [], { inbound: [{ from: '6281377777777', text: ' stop ' }] });
    expect(res.status).toBe(200);
    expect(await t.database.db.select().from(whatsappOptouts).where(eq(whatsappOptouts.phone, '6281377777777'))).toEqual([
      expect.objectContaining({ organizationId: orgId, phone: '6281377777777' }),
    ]);
    const other = await createEvent(t.database.db, ownerId, simpleEvent('Kelas Kedua', { days: 12 }));
    const otherTicket = (await t.database.db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, other) }))!.id;
    const again = await register('stop@contoh.id', '081377777777', true, other, otherTicket);
    await settleJobs(t.database.db);
    expect(await rowOf(again.registrantId)).toBeUndefined();
    expect(sentTo('6281377777777')).toHaveLength(1);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.to === 'stop@contoh.id')).toHaveLength(2);
    // Any other text is just a message.
    await api.callback(webhook, [], { inbound: [{ from: '6281344444444', text: 'halo, stop dulu ya' }] });
    expect(await t.database.db.select().from(whatsappOptouts).where(eq(whatsappOptouts.phone, '6281344444444'))).toEqual([]);
  });
});

describe('decisions and offers', () => {
  const person = (email: string, phone: string) => ({ name: `Peserta ${email.split('@')[0]}`, email, phoneNumber: phone, lastEducation: 'S1', gender: 'Perempuan' });
  const publicPost = async (url: string, body: object) => call(t.app, { method: 'POST', url, payload: await withAltcha(t.app, body) });
  async function eventWith(name: string, ticket: { requiresApproval?: boolean; waitlist?: boolean; quota?: number }) {
    const fixture = simpleEvent(name, { days: 10, quota: ticket.quota });
    Object.assign(fixture.payload.tickets![0], { requiresApproval: ticket.requiresApproval ?? false, waitlist: ticket.waitlist ?? false });
    const id = await createEvent(t.database.db, ownerId, fixture);
    return { id, ticketId: (await t.database.db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, id) }))!.id };
  }

  it('the public form\'s box: a declined registration is told on WhatsApp with the reason; an approved one gets its e-ticket', async () => {
    const e = await eventWith('Kelas Seleksi', { requiresApproval: true });
    const no = await publicPost(`/v1/public/events/${e.id}/registrations`, { ticketId: e.ticketId, participant: person('seleksi1@contoh.id', '081390000001'), whatsappOptIn: true });
    const yes = await publicPost(`/v1/public/events/${e.id}/registrations`, { ticketId: e.ticketId, participant: person('seleksi2@contoh.id', '081390000002'), whatsappOptIn: true });
    expect([no.status, yes.status]).toEqual([201, 201]);
    const auth = { token: owner, headers: { [ORGANIZATION_HEADER]: orgId } };
    const decide = (ids: string[], decision: string, reason?: string) =>
      call(t.app, { method: 'POST', url: `/v1/events/${e.id}/registrations/decisions`, ...auth, payload: { registrantIds: ids, decision, ...(reason ? { reason } : {}) } });
    expect((await decide([no.body.data.result.registrantId], 'decline', 'Kuota khusus mahasiswa')).status).toBe(200);
    expect((await decide([yes.body.data.result.registrantId], 'approve')).status).toBe(200);
    await settleJobs(t.database.db);
    expect(await settled(no.body.data.result.registrantId, 'declined')).toBe(true);
    expect(await settled(yes.body.data.result.registrantId, 'ticket')).toBe(true);
    expect(sentTo('6281390000001').map((m) => [m.template, m.params])).toEqual([['eo_registration_declined', ['Peserta seleksi1', 'Kelas Seleksi', 'Kuota khusus mahasiswa']]]);
    expect(sentTo('6281390000002').map((m) => m.template)).toEqual(['eo_eticket']);
  });

  it('a waiting-list offer goes to the number given when joining, once, with its deadline and link', async () => {
    const e = await eventWith('Kelas Laris', { waitlist: true, quota: 1 });
    const sitting = await publicPost(`/v1/public/events/${e.id}/registrations`, { ticketId: e.ticketId, participant: person('duduk@contoh.id', '081391000000') });
    expect(sitting.status).toBe(201);
    const joined = await publicPost(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.ticketId, participant: person('antri@contoh.id', '081391000001'), whatsappOptIn: true });
    expect(joined.status).toBe(201);
    await settleJobs(t.database.db);
    const cancel = await call(t.app, { method: 'POST', url: `/v1/public/tickets/${sitting.body.data.result.ticketCode}/cancel`, payload: { email: 'duduk@contoh.id' } });
    expect(cancel.status).toBe(200);
    await settleJobs(t.database.db);
    const [row] = await t.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.idempotencyKey, `waitlistOffer:${joined.body.data.result.waitlistId}`));
    expect(await until(async () => (await t.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row!.id)))[0]!.status === 'sent', 300)).toBe(true);
    const [offer] = sentTo('6281391000001');
    expect(offer!.template).toBe('eo_waitlist_offer');
    expect(offer!.params.slice(0, 2)).toEqual(['Peserta antri', 'Kelas Laris']);
    expect(offer!.params[2]).toMatch(/WIB$/);
    expect(offer!.params[3]).toMatch(new RegExp(`/e/${e.id}/tawaran/`));
    // The one who sat there asked for nothing on WhatsApp.
    expect(sentTo('6281391000000')).toEqual([]);
  });
});

describe('certificates', () => {
  it('"sertifikat siap" goes once per certificate recipient (a batch run again adds none), only to a registrant who asked', async () => {
    const r = await register('sertifikat@contoh.id', '081392000001', true);
    const outbox = new WhatsAppOutbox(t.config.whatsapp, t.config.publicUrl);
    const recipientId = randomUUID();
    const ready = { recipientId, registrantId: r.registrantId, name: 'Peserta sertifikat', eventName: 'Kelas WhatsApp', link: `${t.config.publicUrl}/verify/KW-001?t=abc` };
    // As the publish job calls it, twice (a run resumed after a crash).
    expect(await outbox.certificate(t.database.db, ready)).toBe(true);
    expect(await outbox.certificate(t.database.db, ready)).toBe(false);
    // A recipient from a list of names has no registration to write to.
    expect(await outbox.certificate(t.database.db, { ...ready, recipientId: randomUUID(), registrantId: null })).toBe(false);
    expect(await settled(r.registrantId, 'certificate')).toBe(true);
    expect(sentTo('6281392000001').filter((m) => m.template === 'eo_certificate_ready').map((m) => [m.key, m.params]))
      .toEqual([[`certificate:${recipientId}`, ['Peserta sertifikat', 'Kelas WhatsApp', ready.link]]]);
  });
});

describe('reminders and the history', () => {
  it('the H-1 reminder goes on WhatsApp to those who asked, once each; the history counts its statuses beside the mails', async () => {
    const { db } = t.database;
    const soon = await createEvent(db, ownerId, simpleEvent('Webinar Besok', { days: 3 }));
    const soonTicket = (await db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, soon) }))!.id;
    const a = await register('besok1@contoh.id', '081388888881', true, soon, soonTicket);
    const b = await register('besok2@contoh.id', '081388888882', true, soon, soonTicket);
    await register('besok3@contoh.id', '081388888883', false, soon, soonTicket);
    await settleJobs(db);
    await db.update(events).set({ firstEventAt: new Date(Date.now() + 20 * 3_600_000) }).where(eq(events.id, soon));
    // The reminder schedule's next run (each minute) comes now; its message.send job addresses the reminder.
    await db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.key, 'message.reminders'));
    wakeWorkers('message.reminders');
    expect(await until(async () => (await db.select().from(whatsappMessages).where(and(eq(whatsappMessages.eventId, soon), eq(whatsappMessages.kind, 'reminderDay'), eq(whatsappMessages.status, 'sent')))).length === 2, 500)).toBe(true);
    const [reminder] = await db.select().from(messages).where(eq(messages.eventId, soon));
    const reminders = api.sent.filter((m) => m.template === 'eo_reminder_day');
    expect(reminders.map((m) => m.to).sort()).toEqual(['6281388888881', '6281388888882']);
    expect(reminders.map((m) => m.key).sort()).toEqual([`reminderDay:${a.registrantId}`, `reminderDay:${b.registrantId}`].sort());

    const rowA = (await rowOf(a.registrantId, 'reminderDay'))!;
    await api.callback(webhook, [{ wamid: rowA.wamid!, status: 'delivered', recipient: '6281388888881' }, { wamid: rowA.wamid!, status: 'read', recipient: '6281388888881' }]);
    const auth = { token: owner, headers: { [ORGANIZATION_HEADER]: orgId } };
    await settleJobs(db);
    const list = await call(t.app, { method: 'GET', url: `/v1/events/${soon}/messages`, ...auth });
    expect(list.status).toBe(200);
    const item = list.body.data.docs.find((d: { id: string }) => d.id === reminder!.id);
    expect(item.counts).toMatchObject({ sent: 3 });
    expect(item.whatsapp).toEqual({ queued: 0, sent: 2, delivered: 1, read: 1, failed: 0 });

    const summary = await call(t.app, { method: 'GET', url: `/v1/events/${soon}/messages/whatsapp`, ...auth });
    expect(summary.status).toBe(200);
    expect(summary.body.data.result).toEqual({
      enabled: true,
      kinds: [
        { kind: 'ticket', counts: { queued: 0, sent: 2, delivered: 0, read: 0, failed: 0 } },
        { kind: 'reminderDay', counts: { queued: 0, sent: 2, delivered: 1, read: 1, failed: 0 } },
      ],
    });
  });
});
