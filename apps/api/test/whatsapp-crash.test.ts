import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, whatsappMessages } from '../src/db/schema/index.js';
import { startCloudApiServer, type CloudApiServer } from './cloud-api-server.js';
import { createEvent, createUsers, simpleEvent } from './fixtures.js';
import { pollUntil } from './poll.js';
import { createWorld, type World } from './real-server-world.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * Crash safety of the WhatsApp sender: the real server is SIGKILLed while it sends an H-1
 * reminder to a few hundred participants who asked for WhatsApp (WHATSAPP_RATE low, so the batch
 * lasts seconds), restarted on the same data, and every participant must end with exactly one
 * message, matched by its idempotency key: the keys the Cloud API received are the participants'
 * keys, one per number, each message recorded with a message id the API gave for its key.
 * The Cloud API has no idempotency of its own, so a message the API took in the instant before
 * the kill, not yet recorded, goes again after the restart under the same key (in
 * `biz_opaque_callback_data`): such a copy is counted and bounded by what was in flight.
 */
const PEOPLE = 300;
const RATE = 60;

let world: World;
let cloud: CloudApiServer;
let server: ServerProcess | undefined;
let eventId: string;

const phoneOf = (i: number) => `62812${String(i).padStart(7, '0')}`;

describe.skipIf(!process.env.TEST_SLOW)('WhatsApp crash safety: SIGKILL mid-batch, restart on the same data', () => {
  beforeAll(async () => {
    cloud = await startCloudApiServer();
    world = await createWorld('wacrash');
    const database = await world.open();
    try {
      await database.migrate();
      const { org1 } = await createUsers(database.db);
      eventId = await createEvent(database.db, org1, simpleEvent('Webinar Tahan Banting', { days: 3 }));
      // Participants who asked for WhatsApp, written in one statement (no e-ticket jobs).
      await database.db.execute(sql`
        insert into registrants (event_id, ticket_id, name, email, phone_number, whatsapp_opt_in)
        select ${eventId}::uuid, (select id from tickets where event_id = ${eventId}::uuid order by position limit 1),
          'Peserta ' || g, 'wa' || g || '@contoh.id', '0812' || lpad(g::text, 7, '0'), true
        from generate_series(1, ${PEOPLE}) g`);
      // Its day comes: the reminder schedule, run at the server's start, creates the H-1 reminder.
      await database.db.update(events).set({ firstEventAt: new Date(Date.now() + 20 * 3_600_000) }).where(eq(events.id, eventId));
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await cloud?.close();
    await world?.remove();
  });

  it('every participant who asked gets exactly one message by its key; each is recorded with the id the API gave it', async () => {
    // Two workers: the reminder's mails and its WhatsApp go side by side. A short lease: the
    // restarted process cannot tell its dead worker's job from a live one's.
    const running = await startServer(world.serverOptions({ JOB_WORKERS: '2', JOB_LEASE_SECONDS: '5', MESSAGE_RATE: '1000', ...cloud.env(), WHATSAPP_RATE: String(RATE) }));
    server = running;
    const killAt = PEOPLE / 5;
    await pollUntil(async () => cloud.sent.length, (n) => n >= killAt || running.child.exitCode !== null, 60_000, 2);
    running.child.kill('SIGKILL');
    await running.exited;
    const receivedAtKill = cloud.sent.length;
    const atKill = await world.withDb(async (db) => db.select({ status: whatsappMessages.status }).from(whatsappMessages).where(eq(whatsappMessages.eventId, eventId)));
    expect(atKill).toHaveLength(PEOPLE);
    const recordedAtKill = atKill.filter((r) => r.status === 'sent').length;
    expect(receivedAtKill).toBeGreaterThanOrEqual(killAt);
    expect(recordedAtKill).toBeLessThan(PEOPLE);

    server = await running.restart();
    const restarted = Date.now();
    const queued = await pollUntil(
      () => world.withDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(whatsappMessages).where(sql`${whatsappMessages.eventId} = ${eventId}::uuid and ${whatsappMessages.status} = 'queued'`))[0]!.n),
      (n) => n === 0, 120_000, 250);
    expect(queued).toBe(0);
    const drainedMs = Date.now() - restarted;
    expect(await server.stop()).toBe(0);
    server = undefined;

    const rows = await world.withDb((db) => db.select().from(whatsappMessages).where(eq(whatsappMessages.eventId, eventId)));
    expect(rows).toHaveLength(PEOPLE);
    expect(rows.filter((r) => r.status !== 'sent' || !r.wamid || r.kind !== 'reminderDay')).toEqual([]);
    expect(rows.map((r) => r.phone).sort()).toEqual(Array.from({ length: PEOPLE }, (_, i) => phoneOf(i + 1)).sort());

    // What the Cloud API received: per number, one key, the participant's; all keys, every participant's.
    const keysByPhone = new Map<string, Set<string>>();
    for (const m of cloud.sent) keysByPhone.set(m.to, (keysByPhone.get(m.to) ?? new Set()).add(m.key ?? '(none)'));
    expect(keysByPhone.size).toBe(PEOPLE);
    for (const r of rows) expect([...keysByPhone.get(r.phone)!], r.phone).toEqual([r.idempotencyKey]);
    expect(new Set(cloud.sent.map((m) => m.key)).size).toBe(PEOPLE);
    // Each row holds an id the API gave for its own key.
    const keyOfWamid = new Map(cloud.sent.map((m) => [m.wamid, m.key]));
    for (const r of rows) expect(keyOfWamid.get(r.wamid!), r.phone).toBe(r.idempotencyKey);

    // Copies under the same key: only what the API took and the kill kept from being recorded.
    const copies = cloud.sent.length - PEOPLE;
    expect(copies).toBeGreaterThanOrEqual(0);
    expect(copies).toBeLessThanOrEqual(receivedAtKill - recordedAtKill);
    console.log(`whatsapp: killed after ${receivedAtKill}/${PEOPLE} taken by the API, ${recordedAtKill} recorded; the rest sent ${drainedMs} ms after the restart; ${copies} copy(ies) sent again under their key`);
  }, 300_000);
});
