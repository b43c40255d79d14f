import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, REMINDER_TEXT } from '@eo/contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { events, jobs, messages } from '../src/db/schema/index.js';
import { readOutbox } from '../src/lib/mailer.js';
import { createDueReminders } from '../src/modules/messages/deliver/deliver.repository.js';
import { DUE_REMINDERS, SEND_MESSAGE } from '../src/modules/messages/deliver/send-message.type.js';
import { createEvent, createUsers, simpleEvent } from './fixtures.js';
import { audienceEmails, bulkAudience } from './message-world.js';
import { createWorld, sleep, type World } from './real-server-world.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * Reminders with two API processes on one PostgreSQL database (and one DATA_DIR): an
 * event starts in 20 hours with its reminders on. Both processes schedule `message.reminders`
 * at start; it is one row keyed by its kind, claimed by one worker at a time, so its runs never
 * overlap. Runs forced again and again, and `createDueReminders` called at once over two
 * connection pools for a second event (as two overlapping runs would), still make one
 * `reminderDay` message per event (the unique index), sent once to each registrant.
 */
const PEOPLE = 40;
const HOUR = 3_600_000;

let world: World;
let servers: ServerProcess[] = [];
let database: Database;
let firstEvent: string;
let org1: string;

describe.skipIf(!process.env.TEST_SLOW || !process.env.TEST_DATABASE_URL)('reminders: two API processes, one PostgreSQL database', () => {
  beforeAll(async () => {
    world = await createWorld('reminders');
    database = await world.open();
    await database.migrate();
    org1 = (await createUsers(database.db)).org1;
    firstEvent = await createEvent(database.db, org1, simpleEvent('Temu Dua Proses', { days: 3 }));
    await bulkAudience(database.db, firstEvent, PEOPLE, 'ingat');
    // Its day comes: it starts in 20 hours. The schedulers run as the processes start.
    await database.db.update(events).set({ firstEventAt: new Date(Date.now() + 20 * HOUR) }).where(eq(events.id, firstEvent));
    // LOG_LEVEL info: a run that made reminders logs it, so the test sees which process made them.
    const options = world.serverOptions({ JOB_LEASE_SECONDS: '5', LOG_LEVEL: 'info', MESSAGE_RATE: '200' });
    servers = await Promise.all([startServer(options), startServer(options)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await database?.close();
    await world?.remove();
  });

  const db = () => database.db;
  const reminders = (eventId: string) => db().select().from(messages).where(eq(messages.eventId, eventId));
  const mailsOf = async (name: string) => (await readOutbox(world.dataDir))
    .filter((m) => m.subject === fill(REMINDER_TEXT.daySubject, { event: name })).map((m) => m.to).sort();
  /** Waits until the event's one reminder is sent (or the time runs out). */
  async function sent(eventId: string, timeoutMs: number) {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(200)) {
      const rows = await reminders(eventId);
      if (rows.some((r) => r.status === 'sent')) return;
    }
  }
  const madeLines = () => servers.map((s) => s.output().split('\n').filter((l) => l.includes('reminders queued')).length);

  it('both schedulers, one row: the reminder is made once and each registrant mailed once, also when the schedule is forced to run again and again', async () => {
    await sent(firstEvent, 60_000);
    const [keyed] = await db().select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, DUE_REMINDERS.id));
    expect(keyed!.n).toBe(1);
    // Forced due five times: each time one worker of the two claims it and finds nothing new.
    let runs = 0;
    for (let i = 0; i < 5; i++) {
      const forced = new Date(); // same machine: the database's clock
      await db().update(jobs).set({ runAfter: sql`now()` }).where(and(eq(jobs.key, DUE_REMINDERS.id), eq(jobs.status, 'queued')));
      for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) {
        const [row] = await db().select().from(jobs).where(and(eq(jobs.key, DUE_REMINDERS.id), eq(jobs.status, 'queued'), gt(jobs.finishedAt, forced)));
        if (row) {
          runs++;
          break;
        }
      }
    }
    expect(runs).toBe(5);
    const rows = await reminders(firstEvent);
    expect(rows.map((r) => [r.kind, r.status, r.recipients])).toEqual([['reminderDay', 'sent', PEOPLE]]);
    const sends = await db().select().from(jobs).where(and(eq(jobs.kind, SEND_MESSAGE.id), sql`${jobs.payload}->>'messageId' = ${rows[0]!.id}`));
    expect(sends.map((j) => j.status)).toEqual(['done']);
    expect(await mailsOf('Temu Dua Proses')).toEqual(audienceEmails(PEOPLE, 'ingat'));
    // One process made it: one log line in all, whichever process's worker claimed the run.
    expect(madeLines().reduce((a, b) => a + b, 0)).toBe(1);
    console.log(`[postgres] reminder made by process ${madeLines().findIndex((n) => n === 1) + 1} of 2; ${PEOPLE} mails, one each`);
  }, 120_000);

  it('two overlapping runs over two connection pools make one reminder', async () => {
    const other = await openDatabase({ url: world.databaseUrl!, poolSize: 4 });
    try {
      const eventId = await createEvent(db(), org1, simpleEvent('Temu Serentak', { days: 3 }));
      await bulkAudience(db(), eventId, PEOPLE, 'serentak');
      await db().update(events).set({ firstEventAt: new Date(Date.now() + 20 * HOUR) }).where(eq(events.id, eventId));
      const texts = { day: { subject: REMINDER_TEXT.daySubject, body: REMINDER_TEXT.dayBody }, hour: { subject: REMINDER_TEXT.hourSubject, body: REMINDER_TEXT.hourBody } };
      const made = await Promise.all([db(), other.db, db(), other.db, db(), other.db].map((d) => createDueReminders(d, texts)));
      expect(made.reduce((a, b) => a + b, 0)).toBe(1);
      await sent(eventId, 60_000);
      expect((await reminders(eventId)).map((r) => [r.kind, r.status])).toEqual([['reminderDay', 'sent']]);
      expect(await mailsOf('Temu Serentak')).toEqual(audienceEmails(PEOPLE, 'serentak'));
    } finally {
      await other.close();
    }
  }, 120_000);
});
