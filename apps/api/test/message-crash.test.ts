import { mkdirSync, watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries, messages } from '../src/db/schema/index.js';
import { readOutbox } from '../src/lib/mailer.js';
import { createEvent, createUsers, simpleEvent } from './fixtures.js';
import { audienceEmails, bulkAudience, pollMessage } from './message-world.js';
import { createWorld, sleep, type World } from './real-server-world.js';
import { request, signIn, startServer, type ServerProcess } from './server-process.js';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.js';

/**
 * Crash safety of a message: the real server is SIGKILLed while it sends a message
 * to a few hundred registrants (MESSAGE_RATE low, so the send lasts seconds), restarted on the
 * same data, and the message must end `sent` with every delivery sent.
 * - Outbox (the embedded default): every recipient has exactly one mail, since each mail is
 *   keyed by its delivery and the outbox keeps at most one file per key.
 * - SMTP (a receiver in this process): every recipient has the mail, and all their copies
 *   carry one Message-ID. Exactly-once is impossible over SMTP: the server's 250 after DATA
 *   and our recording of it are two events with no transaction spanning both, so a kill
 *   between them must either resend (a duplicate, which the Message-ID lets a receiver drop)
 *   or risk losing the mail; we resend. What is checked is that duplicates are recognisable.
 */
const ORGANIZER = 'organizer@demo.id';
const RECIPIENTS = 300;
const RATE = '60';

let world: World;
let server: ServerProcess | undefined;
let smtp: SmtpReceiver;
let outboxEvent: string;
let smtpEvent: string;

describe.skipIf(!process.env.TEST_SLOW)('message crash safety: SIGKILL mid-send, restart on the same data', () => {
  beforeAll(async () => {
    world = await createWorld('msgcrash');
    smtp = await startSmtpReceiver();
    const database = await world.open();
    try {
      await database.migrate();
      const { org1 } = await createUsers(database.db);
      outboxEvent = await createEvent(database.db, org1, simpleEvent('Pengumuman Tahan Banting', { days: 10 }));
      smtpEvent = await createEvent(database.db, org1, simpleEvent('Pengumuman Lewat SMTP', { days: 10 }));
      await bulkAudience(database.db, outboxEvent, RECIPIENTS, 'kotak');
      await bulkAudience(database.db, smtpEvent, RECIPIENTS, 'smtp');
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await smtp?.close();
    await world?.remove();
  });

  // A short lease: a restarted process on a shared database cannot tell its dead worker's job from a live one's.
  const lease = () => '5';

  /**
   * Sends a message to the event's audience and SIGKILLs the server the moment its
   * RECIPIENTS/5-th mail is out (`watch` calls back with the count of mails out so far): that
   * mail, and any in flight beside it, is out but not recorded. Restarts it and waits until the
   * message is sent; answers what the kill left and the message's id.
   */
  async function killMidSend(eventId: string, env: Record<string, string>, subject: string, watch: (onMail: (count: number) => void) => () => void) {
    const running = await startServer(world.serverOptions({ JOB_LEASE_SECONDS: lease(), MESSAGE_RATE: RATE, ...env }));
    server = running;
    const unwatch = watch((count) => {
      if (count >= RECIPIENTS / 5) running.child.kill('SIGKILL');
    });
    let token = await signIn(running.base, ORGANIZER);
    const res = await request(running.base, `/v1/events/${eventId}/messages`, { token, body: { subject: `${subject} {nama}`, body: 'Halo {nama}, tiket {tiket}.' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.result.id as string;
    const killed = await Promise.race([running.exited.then(() => true), sleep(60_000).then(() => false)]);
    unwatch();
    expect(killed, 'the server should have been killed mid-send').toBe(true);
    const atKill = await world.withDb(async (db) => ({
      message: (await db.select().from(messages).where(eq(messages.id, id)))[0]!.status,
      recorded: (await db.select().from(messageDeliveries).where(and(eq(messageDeliveries.messageId, id), eq(messageDeliveries.status, 'sent')))).length,
    }));
    expect(atKill.message).toBe('sending');
    expect(atKill.recorded).toBeLessThan(RECIPIENTS);

    server = await running.restart();
    const restarted = Date.now();
    token = await signIn(server.base, ORGANIZER);
    const done = await pollMessage(server.base, token, eventId, id, (st) => st.status !== 'sending', 120_000, 250);
    expect(done).toMatchObject({ status: 'sent', recipients: RECIPIENTS, counts: { queued: 0, sent: RECIPIENTS, failed: 0 } });
    const log = `killed as mail ${RECIPIENTS / 5} went out, ${atKill.recorded}/${RECIPIENTS} recorded sent; sent ${Date.now() - restarted} ms after the restart (ready in ${server.startMs} ms)`;
    expect(await server.stop()).toBe(0);
    server = undefined;
    const rows = await world.withDb((db) => db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, id)));
    expect(rows).toHaveLength(RECIPIENTS);
    expect(rows.filter((r) => r.status !== 'sent' || r.error !== null || !r.sentAt)).toEqual([]);
    return { id, log, atKill };
  }

  it('outbox: every recipient gets exactly one mail, every delivery is sent', async () => {
    // Mails land in the outbox by a link() of their finished file: one event per mail.
    const dir = path.join(world.dataDir, 'outbox');
    mkdirSync(dir, { recursive: true });
    const { log } = await killMidSend(outboxEvent, {}, 'Kotak', (onMail) => {
      const seen = new Set<string>();
      const watcher = watch(dir, (_, name) => {
        if (name?.startsWith('k-message-') && name.endsWith('.eml')) onMail(seen.add(name).size);
      });
      return () => watcher.close();
    });
    const mails = (await readOutbox(world.dataDir)).filter((m) => m.subject.startsWith('Kotak '));
    expect(mails.map((m) => m.to).sort()).toEqual(audienceEmails(RECIPIENTS, 'kotak'));
    for (const m of mails) expect(m.subject).toBe(`Kotak Peserta ${/^kotak(\d+)@/.exec(m.to)![1]}`);
    // A kill between linking a mail in and removing its part file leaves that part file (no reader takes it for a mail), never a second mail.
    const parts = (await readdir(path.join(world.dataDir, 'outbox'))).filter((n) => n.endsWith('.part'));
    console.log(`message over the outbox: ${log}; ${parts.length} part file(s) left by the kill`);
  }, 300_000);

  it('SMTP: every recipient gets the mail; a copy sent again after the kill carries the same Message-ID', async () => {
    // Killed as the receiver takes a mail, before its 250: the mail is here, the sender never recorded it.
    const { log } = await killMidSend(smtpEvent, { SMTP_URL: smtp.url }, 'Lewat SMTP', (onMail) => {
      const before = smtp.count();
      smtp.onMail = (count) => onMail(count - before);
      return () => (smtp.onMail = undefined);
    });
    const byRecipient = new Map<string, string[]>();
    for (const m of smtp.mails.filter((x) => x.to[0]!.startsWith('smtp'))) {
      expect(m.to).toHaveLength(1);
      byRecipient.set(m.to[0]!, [...(byRecipient.get(m.to[0]!) ?? []), m.messageId!]);
    }
    expect([...byRecipient.keys()].sort()).toEqual(audienceEmails(RECIPIENTS, 'smtp'));
    const ids = new Set<string>();
    let copies = 0;
    for (const [, messageIds] of byRecipient) {
      expect(new Set(messageIds).size).toBe(1);
      ids.add(messageIds[0]!);
      copies += messageIds.length;
    }
    // One Message-ID per recipient, none shared; the mail taken at the kill came again.
    expect(ids.size).toBe(RECIPIENTS);
    expect(copies).toBeGreaterThan(RECIPIENTS);
    console.log(`message over SMTP: ${log}; ${copies - RECIPIENTS} duplicate(s) received, each with its recipient's one Message-ID`);
  }, 300_000);
});
