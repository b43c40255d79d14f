import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { messageDeliveries } from '../../../db/schema/index.js';
import { call, settleJobs, type TestApp } from '../../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../../test/fixtures.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../../test/smtp-receiver.js';

/**
 * Messages over SMTP: the API's mailer (`SMTP_URL`, nodemailer's pool) sends a message to a
 * real SMTP server in this process. What arrives: headers, merge fields, one copy per recipient,
 * its Message-ID the delivery's key. A recipient refused with 451 is tried again (after
 * MESSAGE_RETRY_BASE_MS, doubled) and arrives; one refused with 550 fails at once with the
 * server's reason, shown in the message's failures, and the message still ends `sent`.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let owner: string;
let org1Id: string;
let eventId: string;
const PEOPLE = 5;
const LATER = 'nanti@contoh.id';
const NEVER = 'ditolak@contoh.id';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  // Retries 100 ms, then 200 ms, …: the temporary refusal clears within the test.
  const team = await createTeamApp({ JOB_WORKERS: '1', SMTP_URL: smtp.url, MESSAGE_RATE: '1000', MESSAGE_RETRY_BASE_MS: '100' });
  ({ t, org1: owner } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Kelas Menulis', { days: 10 }));
  await registerMany(db, eventId, PEOPLE, new Date(Date.now() - 86_400_000), 'smtp');
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, eventId) });
  const platform = new PlatformService(db);
  for (const [name, email] of [['Nanti Saja', LATER], ['Tidak Ada', NEVER]]) {
    await platform.register(eventId, { ticketId: ticket!.id, participant: { name: name!, email: email!, lastEducation: 'S1', gender: 'Perempuan' } });
  }
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  // The e-tickets went out over SMTP too; the refusals start with the message.
  await settleJobs(db);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, { method, url: `/v1/events/${eventId}${url}`, token: owner, headers: { [ORGANIZATION_HEADER]: org1Id }, payload });

/** The received mails of `subject`, decoded, raw headers beside. */
const received = async (subject: string) => (await readReceived(smtp.mails)).filter((m) => m.subject.startsWith(subject));

const keyMessageId = (deliveryId: string) => `<${createHash('sha256').update(`message-${deliveryId}`).digest('hex').slice(0, 32)}@eo-dashboard.local>`;

describe('messages over SMTP', () => {
  it('arrives once per recipient with its headers and merge fields; 451 is retried until it passes; 550 fails with the server\'s reason', async () => {
    const before = (email: string) => smtp.tries.get(email) ?? 0;
    const [laterBefore, neverBefore] = [before(LATER), before(NEVER)];
    smtp.refuse(LATER, (attempt) => (attempt <= 2 ? { code: 451, message: '4.7.1 Greylisted, coba lagi nanti' } : undefined));
    smtp.refuse(NEVER, () => ({ code: 550, message: '5.1.1 Kotak surat tidak ada' }));
    const sent = await api('POST', '/messages', { subject: 'Info {event} untuk {nama}', body: 'Halo {nama},\n\nTiket {tiket}: {link_tiket}' });
    expect(sent.status).toBe(201);
    const id = sent.body.data.result.id as string;
    await settleJobs(t.database.db, 30_000);

    const mails = await received('Info Kelas Menulis');
    const recipients = [...Array.from({ length: PEOPLE }, (_, i) => `smtp${i}@contoh.id`), LATER].sort();
    // Exactly one copy per recipient (the refused one none), addressed to them alone.
    expect(mails.map((m) => m.envelope.join(',')).sort()).toEqual(recipients);
    expect(mails.map((m) => m.to).sort()).toEqual(recipients);
    const deliveries = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, id));
    for (const m of mails) {
      const i = /^smtp(\d+)@/.exec(m.to)?.[1];
      const name = i === undefined ? 'Nanti Saja' : `Peserta ${i}`;
      expect(m.subject).toBe(`Info Kelas Menulis untuk ${name}`);
      expect(m.text).toMatch(new RegExp(`^Halo ${name},\\n\\nTiket [^:]+: http://\\S+/e/${eventId}/ticket/[A-Za-z0-9_-]+\\n`));
      expect(m.head).toMatch(/^From: "?Komunitas Literasi via EO Dashboard"? <no-reply@eo-dashboard\.local>$/m);
      expect(m.head).toMatch(/^Reply-To: eo@literasi\.id$/m);
      expect(m.head).toMatch(/^List-Unsubscribe: <http:\/\/\S+\/u\/[^>]+>$/m);
      expect(m.head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      // The Message-ID is the delivery's key: a copy sent again after a crash carries the same one.
      const delivery = deliveries.find((d) => d.email === m.to)!;
      expect(m.messageId).toBe(keyMessageId(delivery.id));
    }

    // 451 twice, then accepted on the third try; 550 once, never tried again.
    expect(smtp.tries.get(LATER)! - laterBefore).toBe(3);
    expect(smtp.tries.get(NEVER)! - neverBefore).toBe(1);
    const byEmail = Object.fromEntries(deliveries.map((d) => [d.email, d]));
    expect(byEmail[LATER]).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(byEmail[NEVER]).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(byEmail[NEVER]!.error).toContain('550 5.1.1 Kotak surat tidak ada');

    const detail = await api('GET', `/messages/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.result).toMatchObject({ status: 'sent', recipients: PEOPLE + 2, counts: { queued: 0, sent: PEOPLE + 1, failed: 0, bounced: 1 } });
    expect(detail.body.data.result.failures).toEqual([{ email: NEVER, name: 'Tidak Ada', reason: expect.stringContaining('550 5.1.1 Kotak surat tidak ada') }]);
  }, 60_000);
});
