import { readFile } from 'node:fs/promises';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_ID, BROADCAST_MSG, fill, ORGANIZATION_HEADER } from '@eo/contract';
import { events, jobs, messageDeliveries, messages, registrants } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { createDueReminders } from './deliver/deliver.repository.js';
import { insertMessage } from './messages.repository.js';

/**
 * Messages to participants: audience and counts (one per email, refunds excluded),
 * merge fields and escaping in what arrives, List-Unsubscribe and opting out, scheduling in WIB
 * and cancelling, the organization's daily cap, roles, and the reminders (once per event, also
 * when two schedulers run together).
 */
let t: TestApp;
let owner: string;
let eventId: string;
let otherEventId: string;
let org1Id: string;
let org1User: string;
let ticketA: string;
let ticketB: string;
let people: Awaited<ReturnType<typeof registerMany>>;
const token = {} as Record<'staff' | 'finance', string>;
const CAP = 40;

beforeAll(async () => {
  const team = await createTeamApp({ JOB_WORKERS: '1', MESSAGE_DAILY_CAP: String(CAP), MESSAGE_RATE: '1000' });
  ({ t, org1: owner } = team);
  const { db } = t.database;
  const two = simpleEvent('Seminar <b>Karier</b>', { days: 10, price: 20_000 });
  const base = (two.payload as { tickets: object[] }).tickets[0]!;
  two.payload = { ...two.payload, tickets: [{ ...base, name: 'Reguler' }, { ...base, name: 'VIP' }] };
  eventId = await createEvent(db, team.ids.org1, two);
  otherEventId = await createEvent(db, team.ids.org2, simpleEvent('Acara Lain', { days: 10 }));
  const tickets = await db.query.tickets.findMany({ where: (x, { eq: e }) => e(x.eventId, eventId), orderBy: (x, { asc }) => asc(x.position) });
  [ticketA, ticketB] = [tickets[0]!.id, tickets[1]!.id];
  people = await registerMany(db, eventId, 6, new Date(Date.now() - 86_400_000));
  const platform = new PlatformService(db);
  // One email registered twice (two tickets), one VIP with HTML in the name.
  await platform.register(eventId, { ticketId: ticketB, participant: { name: 'Peserta 0 Lagi', email: 'P0@contoh.id', lastEducation: 'S1', gender: 'Perempuan' } });
  await platform.register(eventId, { ticketId: ticketB, participant: { name: 'Ayu <img src=x onerror=alert(1)>', email: 'ayu@contoh.id', lastEducation: 'S1', gender: 'Perempuan' } });
  await platform.refund(people[5]!.transactionId!);
  await db.update(registrants).set({ checkedInAt: new Date() }).where(eq(registrants.id, people[1]!.registrantId));
  org1User = team.ids.org1;
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['staff', 'finance'], 'pesan'));
}, 60_000);
afterAll(() => t?.close());

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = owner) =>
  call(t.app, { method, url: `/v1/events/${eventId}${url}`, token: as, headers: headers(), payload });
const count = async (query: string) => (await api('GET', `/messages/audience?${query}`)).body.data.result.recipients as number;
/** The outbox's mails of this suite that went to `to`, with their raw headers. */
async function mailsTo(to: string, subject?: string) {
  const all = await readOutbox(t.config.dataDir);
  const mine = all.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || m.subject.includes(subject)));
  // Headers unfolded (a long one is folded onto the next line).
  return Promise.all(mine.map(async (m) => ({ ...m, raw: (await readFile(m.file, 'utf8')).replace(/\r?\n[ \t]+/g, ' ') })));
}

/** The decoded text/html part of a raw mail. */
function htmlPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /^Content-Type: text\/html/im.test(p))!;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const data = body.join('\n\n');
  return /base64/i.test(head!) ? Buffer.from(data.replace(/\s/g, ''), 'base64').toString('utf8')
    : data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe('audience', () => {
  it('counts the current registrants once per email, by ticket and by check-in; refunded ones never', async () => {
    // 6 registered, 1 refunded, p0 twice, ayu: 5 + 1 emails.
    expect(await count('attendance=all')).toBe(6);
    expect(await count(`ticketIds=${ticketB}`)).toBe(2);
    expect(await count(`ticketIds=${ticketA},${ticketB}&attendance=checkedIn`)).toBe(1);
    expect(await count('attendance=notCheckedIn')).toBe(5);
    // Every category named (the event's counters) and one of two (a count of its registrants).
    expect(await count(`ticketIds=${ticketA},${ticketB}`)).toBe(6);
    expect(await count(`ticketIds=${ticketB},${ticketA}&attendance=notCheckedIn`)).toBe(5);
    expect(await count(`ticketIds=${ticketA}`)).toBe(5);
    expect(await count(`ticketIds=${ticketA}&attendance=checkedIn`)).toBe(1);
  });

  it('refuses another event\'s ticket category', async () => {
    const other = await t.database.db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, otherEventId) });
    const res = await api('GET', `/messages/audience?ticketIds=${other!.id}`);
    expect([res.status, res.body.message]).toEqual([400, BROADCAST_MSG.ticketNotOfEvent]);
  });
});

describe('sending', () => {
  it('refuses unknown merge fields and an empty audience', async () => {
    const unknown = await api('POST', '/messages', { subject: 'Halo {namaa}', body: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('{namaa}');
    const nobody = await api('POST', '/messages', { subject: 'Halo', body: 'x', audience: { attendance: 'checkedIn', ticketIds: [ticketB] } });
    expect([nobody.status, nobody.body.message]).toEqual([400, BROADCAST_MSG.noRecipients]);
  });

  it('sends one copy per email with its merge fields; HTML typed in a name stays text; List-Unsubscribe; the history counts them', async () => {
    const res = await api('POST', '/messages', { subject: 'Info {event} untuk {nama}', body: 'Halo {nama},\n\nTiket {tiket}: {link_tiket}\nLokasi: {lokasi}' });
    expect([res.status, res.body.message, res.body.data.result.status, res.body.data.result.recipients]).toEqual([201, BROADCAST_MSG.created, 'sending', 6]);
    await settleJobs(t.database.db);
    const p0 = await mailsTo('p0@contoh.id', 'Info');
    expect(p0).toHaveLength(1);
    expect(p0[0]!.subject).toBe('Info Seminar <b>Karier</b> untuk Peserta 0');
    expect(p0[0]!.text).toMatch(/^Halo Peserta 0,\n\nTiket Reguler: http:\/\/\S+\/e\/[0-9a-f-]+\/ticket\/[A-Za-z0-9_-]+\n/);
    expect(p0[0]!.raw).toMatch(/^List-Unsubscribe: <http:\/\/\S+\/u\/[^>]+>/m);
    expect(p0[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(p0[0]!.raw).toMatch(/^From: .*via EO Dashboard/m);
    const ayu = await mailsTo('ayu@contoh.id', 'Info');
    const html = htmlPart(ayu[0]!.raw);
    expect(html).toContain('Halo Ayu &#60;img src=x onerror=alert(1)&#62;,');
    expect(html).not.toContain('<img');
    expect(await mailsTo('p5@contoh.id', 'Info')).toHaveLength(0);
    const list = await api('GET', '/messages');
    expect(list.body.data.docs[0]).toMatchObject({ status: 'sent', recipients: 6, counts: { queued: 0, sent: 6, failed: 0, bounced: 0 }, sentBy: 'Organizer Satu', kind: 'announcement' });
    const detail = await api('GET', `/messages/${res.body.data.result.id}`);
    expect(detail.body.data.result).toMatchObject({ body: 'Halo {nama},\n\nTiket {tiket}: {link_tiket}\nLokasi: {lokasi}', failures: [] });
  });

  it('a message\'s failures: failed and bounced deliveries by email, with the name and reason; the history\'s total on every page', async () => {
    const { db } = t.database;
    const id = await insertMessage(db, {
      eventId, organizationId: org1Id, kind: 'announcement', subject: 'Gagal sebagian', body: 'Halo', audience: { attendance: 'all' },
      status: 'sent', sendAt: new Date(), createdBy: org1User, recipients: 4,
    });
    const [p1, p2, p3, p4] = await Promise.all(people.slice(1, 5).map(async (p) => (await db.select().from(registrants).where(eq(registrants.id, p.registrantId)))[0]!));
    await db.insert(messageDeliveries).values([
      { messageId: id, registrantId: p3!.id, email: 'zz@contoh.id', status: 'bounced', error: 'kotak penuh' },
      { messageId: id, registrantId: p1!.id, email: 'aa@contoh.id', status: 'failed', error: '550 tidak ada' },
      { messageId: id, registrantId: p2!.id, email: 'mm@contoh.id', status: 'sent' },
      { messageId: id, registrantId: p4!.id, email: 'qq@contoh.id', status: 'failed', error: null },
    ]);
    const detail = (await api('GET', `/messages/${id}`)).body.data.result;
    expect(detail.failures).toEqual([
      { email: 'aa@contoh.id', name: p1!.name, reason: '550 tidak ada' },
      { email: 'qq@contoh.id', name: p4!.name, reason: '' },
      { email: 'zz@contoh.id', name: p3!.name, reason: 'kotak penuh' },
    ]);
    expect(detail).toMatchObject({ subject: 'Gagal sebagian', counts: { queued: 0, sent: 1, failed: 2, bounced: 1 } });
    const all = (await api('GET', '/messages?page=1&limit=100')).body.data;
    expect(all.docs.map((m: { id: string }) => m.id)).toContain(id);
    for (const page of [1, 2, all.totalDocs + 1]) {
      const res = (await api('GET', `/messages?page=${page}&limit=1`)).body.data;
      expect([res.totalDocs, res.totalPages, res.docs.length]).toEqual([all.totalDocs, all.totalDocs, page <= all.totalDocs ? 1 : 0]);
    }
  });

  it('to one ticket category, checked-in or not', async () => {
    await api('POST', '/messages', { subject: 'Khusus VIP', body: 'Halo {nama}', audience: { ticketIds: [ticketB] } });
    await api('POST', '/messages', { subject: 'Yang hadir', body: 'Terima kasih', audience: { attendance: 'checkedIn' } });
    await settleJobs(t.database.db);
    const vip = (await readOutbox(t.config.dataDir)).filter((m) => m.subject === 'Khusus VIP').map((m) => m.to.replace(/.*<|>.*/g, '').toLowerCase()).sort();
    expect(vip).toEqual(['ayu@contoh.id', 'p0@contoh.id']);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.subject === 'Yang hadir').map((m) => m.to)).toEqual(['p1@contoh.id']);
  });

  it('schedules in WIB and cancels; a cancelled message sends nothing; cancelling again is 409', async () => {
    const sendAt = new Date(Date.now() + 3 * 86_400_000);
    const wib = new Date(sendAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
    const res = await api('POST', '/messages', { subject: 'Terjadwal', body: 'Nanti', sendAt: `${wib}:00+07:00` });
    expect([res.status, res.body.message, res.body.data.result.status]).toEqual([201, BROADCAST_MSG.scheduled, 'scheduled']);
    const id = res.body.data.result.id as string;
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.sendAt.toISOString()).toBe(`${new Date(`${wib}:00+07:00`).toISOString()}`);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'message.send')).orderBy(jobs.createdAt).limit(100).then((r) => r.filter((j) => (j.payload as { messageId: string }).messageId === id));
    expect(job!.runAfter.toISOString()).toBe(row!.sendAt.toISOString());
    expect((await api('DELETE', `/messages/${id}`)).status).toBe(204);
    const again = await api('DELETE', `/messages/${id}`);
    expect([again.status, again.body.message]).toEqual([409, BROADCAST_MSG.notScheduled]);
    await t.database.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, job!.id));
    await settleJobs(t.database.db);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.subject === 'Terjadwal')).toHaveLength(0);
    expect((await api('GET', `/messages/${id}`)).body.data.result.status).toBe('cancelled');
    const past = await api('POST', '/messages', { subject: 'Lalu', body: 'x', sendAt: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.message]).toEqual([400, BROADCAST_MSG.sendAtPast]);
  });

  it('an opted-out address gets no more announcements, but reminders still', async () => {
    const [mail] = await mailsTo('p2@contoh.id', 'Info');
    const link = /^List-Unsubscribe: <https?:\/\/[^/]+(\/u\/[^>]+)>/m.exec(mail!.raw)![1]!;
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('p2@contoh.id');
    const done = await t.app.inject({ method: 'POST', url: link, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(BROADCAST_MSG.unsubscribeTitle);
    expect((await t.app.inject({ method: 'GET', url: `${link.slice(0, -3)}xyz` })).statusCode).toBe(404);
    await api('POST', '/messages', { subject: 'Setelah berhenti', body: 'x' });
    await settleJobs(t.database.db);
    expect(await mailsTo('p2@contoh.id', 'Setelah berhenti')).toHaveLength(0);
    expect(await mailsTo('p3@contoh.id', 'Setelah berhenti')).toHaveLength(1);
  });

  it('over the organization\'s daily cap: 429 MESSAGE_DAILY_CAP saying how many are left', async () => {
    const used = (await api('GET', '/messages?limit=100')).body.data.docs
      .filter((m: { status: string; kind: string }) => m.kind === 'announcement' && m.status !== 'cancelled')
      .reduce((n: number, m: { recipients: number }) => n + m.recipients, 0);
    for (let left = CAP - used; left >= 6; left -= 6) expect((await api('POST', '/messages', { subject: 'Isi kuota', body: 'x' })).status).toBe(201);
    const res = await api('POST', '/messages', { subject: 'Lewat batas', body: 'x' });
    expect([res.status, res.body.messageId]).toEqual([429, BROADCAST_ID.dailyCap]);
    expect(res.body.message).toMatch(new RegExp(`^${fill(BROADCAST_MSG.dailyCap, { cap: CAP, left: 999 }).replace('999', '\\d+').replace(/[.]/g, '\\.')}$`));
    await settleJobs(t.database.db);
  });

  it('roles: staff and finance read the history and counts, but may not send, test, preview or cancel', async () => {
    for (const who of [token.staff, token.finance]) {
      expect((await api('GET', '/messages', undefined, who)).status).toBe(200);
      expect((await api('GET', '/messages/audience', undefined, who)).status).toBe(200);
      for (const res of [
        await api('POST', '/messages', { subject: 'x', body: 'y' }, who), await api('POST', '/messages/test', { subject: 'x', body: 'y' }, who),
        await api('POST', '/messages/preview', { subject: 'x', body: 'y' }, who), await api('PUT', '/reminders', { dayBefore: false, hourBefore: false }, who),
      ]) expect([res.status, res.body.messageId]).toEqual([403, 'FORBIDDEN_ROLE']);
    }
  });

  it('preview with a real registrant\'s values; a test goes to the caller only', async () => {
    const preview = await api('POST', '/messages/preview', { subject: 'Halo {nama}', body: 'Acara {event}' });
    const { sample } = preview.body.data.result;
    expect(sample).toMatch(/^Peserta \d/);
    expect(preview.body.data.result.subject).toBe(`Halo ${sample}`);
    expect(preview.body.data.result.html).toContain('Acara Seminar &#60;b&#62;Karier&#60;/b&#62;');
    const test = await api('POST', '/messages/test', { subject: 'Coba {nama}', body: 'Isi' });
    expect([test.status, test.body.message]).toEqual([200, fill(BROADCAST_MSG.testSent, { email: 'organizer@demo.id' })]);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.subject === `[Uji] Coba ${sample}`).map((m) => m.to)).toEqual(['organizer@demo.id']);
  });
});

describe('reminders', () => {
  it('on by default for a new event; switched off and on; previews of each', async () => {
    const res = await api('GET', '/reminders');
    expect(res.body.data.result).toMatchObject({ dayBefore: true, hourBefore: true, online: true });
    expect(res.body.data.result.previews.dayBefore.subject).toBe('Pengingat: Seminar <b>Karier</b> besok');
    // Filled in as the event's earliest current registrant gets it.
    const [first] = await t.database.db.select({ name: registrants.name }).from(registrants)
      .where(and(eq(registrants.eventId, eventId), eq(registrants.status, 'confirmed'))).orderBy(asc(registrants.createdAt), asc(registrants.id)).limit(1);
    expect(res.body.data.result.previews.dayBefore.text).toContain(`Halo ${first!.name},`);
    const off = await api('PUT', '/reminders', { dayBefore: false, hourBefore: true });
    expect(off.body.data.result).toMatchObject({ dayBefore: false, hourBefore: true });
    await api('PUT', '/reminders', { dayBefore: true, hourBefore: true });
  });

  it('a reminder is created once per event and kind, also when two schedulers run at once, and reaches each registrant once', async () => {
    const { db } = t.database;
    const soon = await createEvent(db, org1User, simpleEvent('Webinar Besok', { days: 3 }));
    await registerMany(db, soon, 3, new Date(Date.now() - 3_600_000), 'besok');
    // Its day comes: it starts in 20 hours.
    await db.update(events).set({ firstEventAt: new Date(Date.now() + 20 * 3_600_000) }).where(eq(events.id, soon));
    const texts = { day: { subject: 'Pengingat: {event} besok', body: 'Halo {nama}' }, hour: { subject: 'Satu jam lagi: {event}', body: 'x' } };
    const made = await Promise.all([createDueReminders(db, texts), createDueReminders(db, texts)]);
    expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await createDueReminders(db, texts)).toBe(0);
    const rows = await db.select().from(messages).where(eq(messages.eventId, soon));
    expect(rows.map((r) => r.kind)).toEqual(['reminderDay']);
    await settleJobs(db);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.subject === 'Pengingat: Webinar Besok besok').map((m) => m.to).sort())
      .toEqual(['besok0@contoh.id', 'besok1@contoh.id', 'besok2@contoh.id']);
  });
});
