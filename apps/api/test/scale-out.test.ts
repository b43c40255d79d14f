import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FEE_RUPIAH } from '@eo/contract';
import type { Database } from '../src/db/client.js';
import { certificateRecipients, events, jobs, ledgerEntries, registrants, tickets, transactions } from '../src/db/schema/index.js';
import { createEvent, createUsers, simpleEvent } from './fixtures.js';
import { TICKET_PRICE } from './money.js';
import {
  certificateOutput, createWorld, finishedPublishJob, PLATFORM_KEY, pollCertificate, pool, publishCertificate, serials, type World,
} from './real-server-world.js';
import { request, signIn, startServer, type ServerProcess } from './server-process.js';

/**
 * Scale-out: two API processes on one PostgreSQL database and one shared DATA_DIR,
 * first started together on the empty database. Intake alternates between them, concurrently: never oversold, the coin balance exactly the
 * ledger's. A certificate is published through one; the process whose worker claimed the job
 * is SIGKILLed mid-way and the other one's worker takes it over once the lease lapses.
 */
const ORGANIZER = 'organizer@demo.id';
const QUOTA = 120;
const RECIPIENTS = 60;
const PREFIX = 'DUA-PROSES';
const SMALL = 30;
const SMALL_PREFIX = 'PROSES-B';
const LEASE_SECONDS = 5;

let world: World;
let database: Database;
let servers: ServerProcess[] = [];
let intakeEvent: string;
let ticketId: string;
let certificateEvent: string;

describe.skipIf(!process.env.TEST_SLOW || !process.env.TEST_DATABASE_URL)('scale-out: two API processes, one PostgreSQL database, one DATA_DIR', () => {
  beforeAll(async () => {
    world = await createWorld('scaleout');
    // Both first started at once on the empty database: they migrate it in turn.
    const options = world.serverOptions({ JOB_LEASE_SECONDS: String(LEASE_SECONDS) });
    const started = await Promise.allSettled([startServer(options), startServer(options)]);
    servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 2000))).toEqual([]);
    database = await world.open();
    const { org1 } = await createUsers(database.db);
    intakeEvent = await createEvent(database.db, org1, simpleEvent('Dua Pintu Masuk', { days: 10, price: TICKET_PRICE, quota: QUOTA }));
    ticketId = (await database.db.select().from(tickets).where(eq(tickets.eventId, intakeEvent)))[0]!.id;
    certificateEvent = await createEvent(database.db, org1, simpleEvent('Seminar Dua Proses', { days: -2 }));
    await database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, certificateEvent));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await database?.close();
    await world?.remove();
  });

  it('intake through both processes at once: sold exactly the quota, refunds counted once, the balance is the ledger', async () => {
    const register = (i: number, tag: string) => request(servers[i % 2]!.base, `/v1/platform/events/${intakeEvent}/registrations`, {
      headers: { 'x-platform-key': PLATFORM_KEY },
      body: { ticketId, participant: { name: `Peserta ${tag}${i}`, email: `${tag}${i}@contoh.id` } },
    });
    // Twice the quota, 16 at a time, alternating between the two processes.
    const first = await pool(QUOTA * 2, 16, (i) => register(i, 'a'));
    const sold = first.filter((r) => r.status === 201);
    expect(sold).toHaveLength(QUOTA);
    expect(first.filter((r) => r.status >= 500)).toEqual([]);

    // 15 refunds, each sent to both processes at the same moment: one refunds, the other is refused.
    const refunded = sold.slice(0, 15).map((r) => r.body.data.result.transactionId as string);
    const refunds = await Promise.all(refunded.flatMap((id) => servers.map((s) => request(s.base, `/v1/platform/transactions/${id}/refund`, {
      method: 'POST', headers: { 'x-platform-key': PLATFORM_KEY },
    }))));
    expect(refunds.filter((r) => r.status === 200)).toHaveLength(15);
    expect(refunds.filter((r) => r.status === 409)).toHaveLength(15);

    // The 15 seats are sold again, and not one more.
    const second = await pool(60, 16, (i) => register(i, 'b'));
    expect(second.filter((r) => r.status === 201)).toHaveLength(15);
    expect(second.filter((r) => r.status >= 500)).toEqual([]);

    const db = database.db;
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.quota).toBe(0);
    const [{ confirmed }] = await db.select({ confirmed: sql<number>`count(*)::int` }).from(transactions)
      .where(and(eq(transactions.eventId, intakeEvent), eq(transactions.status, 'confirmed')));
    expect(confirmed).toBe(QUOTA);
    const [{ people }] = await db.select({ people: sql<number>`count(*)::int` }).from(registrants).where(eq(registrants.eventId, intakeEvent));
    expect(people).toBe(QUOTA + 15);
    const [{ ledger }] = await db.select({ ledger: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` }).from(ledgerEntries)
      .where(eq(ledgerEntries.eventId, intakeEvent));
    const expected = QUOTA * (TICKET_PRICE - PAYMENT_FEE_RUPIAH);
    expect(ledger).toBe(expected);
    for (const s of servers) {
      const token = await signIn(s.base, ORGANIZER);
      expect((await request(s.base, `/v1/transactions/eo/coin?eventId=${intakeEvent}`, { token })).body.data.result.coinAmount).toBe(expected);
    }
  }, 180_000);

  it('publishing through both: the process running a job is killed mid-way, the other one takes the job over; every certificate exactly once', async () => {
    const [a, b] = servers;
    const token = await signIn(a!.base, ORGANIZER);
    const id = await publishCertificate(a!.base, token, certificateEvent, RECIPIENTS, PREFIX);
    // A smaller batch through the other process at the same time (a session token works on both).
    const small = await publishCertificate(b!.base, token, certificateEvent, SMALL, SMALL_PREFIX);
    const mid = await pollCertificate(a!.base, token, id, (s) => s.progress.done >= RECIPIENTS / 5 || s.status !== 'publishing', 120_000, 50);
    expect(mid.status).toBe('publishing');
    const [job] = await database.db.select().from(jobs).where(sql`${jobs.payload}->>'certificateId' = ${id}`);
    const claimant = servers.find((s) => job!.lockedBy?.startsWith(`worker-${s.child.pid}-`));
    expect(claimant, `job claimed by ${job!.lockedBy}`).toBeDefined();
    const survivor = servers.find((s) => s !== claimant)!;
    await claimant!.kill();
    const killedAt = (await certificateOutput(world.dataDir, id, PREFIX)).mailedSerials.length;
    expect(killedAt).toBeLessThan(RECIPIENTS);

    const killed = Date.now();
    const survivorToken = await signIn(survivor.base, ORGANIZER);
    const done = await pollCertificate(survivor.base, survivorToken, id, (s) => s.status !== 'publishing', 180_000, 250);
    expect(done).toMatchObject({ status: 'published', progress: { done: RECIPIENTS, total: RECIPIENTS, failed: 0 } });
    const tookOver = Date.now() - killed;
    console.log(`[scale-out] killed the claimant at ${killedAt}/${RECIPIENTS} mailed; the other process published ${tookOver} ms later`);
    // Not before the lease lapsed: the survivor waited for it rather than running beside a live worker.
    expect(tookOver).toBeGreaterThan(1000);

    const after = await finishedPublishJob(database.db, id);
    expect(after).toMatchObject({ status: 'done', attempts: 2 });
    expect(after!.lockedBy!.startsWith(`worker-${survivor.child.pid}-`)).toBe(true);

    const out = await certificateOutput(world.dataDir, id, PREFIX);
    const expected = serials(PREFIX, RECIPIENTS);
    expect(out.png).toEqual(expected);
    expect(out.pdf).toEqual(expected);
    expect(out.mailedSerials).toEqual(expected);
    expect(out.leftovers).toEqual([]);
    const rows = await database.db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, id));
    expect(rows.map((r) => r.serial).sort()).toEqual(expected);
    expect(rows.filter((r) => !r.mailedAt || !r.renderedAt || r.error)).toEqual([]);

    const smallDone = await pollCertificate(survivor.base, survivorToken, small, (s) => s.status !== 'publishing', 120_000, 250);
    expect(smallDone).toMatchObject({ status: 'published', progress: { done: SMALL, total: SMALL, failed: 0 } });
    const smallOut = await certificateOutput(world.dataDir, small, SMALL_PREFIX);
    expect(smallOut.mailedSerials).toEqual(serials(SMALL_PREFIX, SMALL));
    expect(smallOut.png).toEqual(serials(SMALL_PREFIX, SMALL));
    // The one-off jobs (the scheduled expiry sweep keeps its one row, keyed, always queued again;
    // the intake's e-ticket mails are jobs too, all sent).
    expect(await database.db.select({ status: jobs.status }).from(jobs).where(and(isNull(jobs.key), eq(jobs.kind, 'certificate.publish'))))
      .toEqual([{ status: 'done' }, { status: 'done' }]);
    expect(await database.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, 'ticket.mail'), sql`${jobs.status} <> 'done'`))).toEqual([]);
  }, 300_000);
});
