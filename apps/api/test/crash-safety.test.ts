import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FEE_RUPIAH } from '@eo/contract';
import { certificateRecipients, certificates, events, idempotencyKeys, jobs, ledgerEntries, withdrawals } from '../src/db/schema/index.js';
import { readOutbox } from '../src/lib/mailer.js';
import { PUBLISH_CERTIFICATE } from '../src/modules/certificates/publish/publish-certificate.type.js';
import { MAIL_TICKET } from '../src/modules/platform/mail-ticket.type.js';
import { bulkRegistrants, questionEvent } from '../src/modules/participants/participants.fixture.js';
import { createUsers } from './fixtures.js';
import { BCA, pastPaidEvent, TICKET_PRICE } from './money.js';
import {
  certificateOutput, createWorld, dataFiles, pollCertificate, publishCertificate, serials, sleep, type World,
} from './real-server-world.js';
import { request, signIn, startServer, type ServerProcess } from './server-process.js';

/**
 * Crash safety: the real server process is SIGKILLed in the middle of certificate
 * publishing, of withdrawal requests and of an export, restarted on the same data, and nothing
 * may be lost, duplicated or left stuck.
 */
const ORGANIZER = 'organizer@demo.id';
const RECIPIENTS = 60;
const PREFIX = 'TAHAN-BANTING';
const EXPORT_ROWS = 20_000;
const SALES = 10;
const WITHDRAW = 100_000;

let world: World;
let server: ServerProcess;
let konser: string;
let webinar: string;
let certificateId: string | undefined;

describe.skipIf(!process.env.TEST_SLOW)('crash safety: SIGKILL, restart on the same data', () => {
  beforeAll(async () => {
    const started = Date.now();
    world = await createWorld('crash');
    // The data is written through the services the API uses, before any server runs.
    const database = await world.open();
    try {
      await database.migrate();
      const { org1 } = await createUsers(database.db);
      konser = (await pastPaidEvent(database.db, org1, 'Konser Tahan Banting', SALES)).id;
      // Certificates are published only for an approved event.
      await database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, konser));
      const e = await questionEvent(database.db, org1, 'Webinar Ekspor Besar');
      await bulkRegistrants(database.db, e, EXPORT_ROWS, new Date('2026-11-01T03:00:00Z'));
      webinar = e.eventId;
    } finally {
      await database.close();
    }
    // A short lease: a restarted process on a shared database cannot tell its dead worker's job
    // from a live process's and waits for the lease.
    const prepared = Date.now();
    server = await startServer(world.serverOptions({ JOB_LEASE_SECONDS: '5' }));
    console.log(`data prepared in ${prepared - started} ms, server ready in ${Date.now() - prepared} ms`);
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    await world?.remove();
  });

  it('certificate publishing killed mid-way finishes after a restart: every recipient once, no more', async () => {
    let token = await signIn(server.base, ORGANIZER);
    certificateId = await publishCertificate(server.base, token, konser, RECIPIENTS, PREFIX);
    const mid = await pollCertificate(server.base, token, certificateId, (s) => s.progress.done >= RECIPIENTS / 5 || s.status !== 'publishing', 120_000, 50);
    await server.kill();
    expect(mid.status).toBe('publishing');
    const atKill = await certificateOutput(world.dataDir, certificateId, PREFIX);
    expect(atKill.mailedSerials.length).toBeGreaterThan(0);
    expect(atKill.mailedSerials.length).toBeLessThan(RECIPIENTS);

    server = await server.restart();
    const restarted = Date.now();
    token = await signIn(server.base, ORGANIZER);
    const done = await pollCertificate(server.base, token, certificateId, (s) => s.status !== 'publishing', 180_000, 250);
    expect(done).toMatchObject({ status: 'published', progress: { done: RECIPIENTS, total: RECIPIENTS, failed: 0 } });
    console.log(`certificates: killed at ${atKill.mailedSerials.length}/${RECIPIENTS} mailed; published ${Date.now() - restarted} ms after the restart (ready in ${server.startMs} ms)`);

    const out = await certificateOutput(world.dataDir, certificateId, PREFIX);
    const expected = serials(PREFIX, RECIPIENTS);
    expect(out.png).toEqual(expected);
    expect(out.pdf).toEqual(expected);
    // Each serial mailed exactly once: the list equals 001..N with no repeats.
    expect(out.mailedSerials).toEqual(expected);
    expect(out.leftovers).toEqual([]);
    const verify = await request(server.base, `/v1/certificates/verify/${expected.at(-1)}`);
    expect(verify.status).toBe(200);
  }, 300_000);

  it('withdrawal requests killed mid-flight: reserved with a request and a mailed code, or not at all; keys answer once; a request completes after', async () => {
    let token = await signIn(server.base, ORGANIZER);
    const coinOf = async () => (await request(server.base, `/v1/transactions/eo/coin?eventId=${konser}`, { token })).body.data.result;
    const history = async () => (await request(server.base, `/v1/transactions/eo/coin/withdrawal?eventId=${konser}&limit=100`, { token })).body.data.docs as { referenceId: string; status: string }[];
    const t0 = Date.now();
    const coin = await coinOf();
    const balance = SALES * (TICKET_PRICE - PAYMENT_FEE_RUPIAH);
    expect(coin.coinAmount).toBe(balance);
    expect((await request(server.base, '/v1/transactions/eo/bank-account', { token, body: { eoCoinId: coin._id, bankAccount: BCA } })).status).toBe(200);
    const ask = (key: string) => request(server.base, '/v1/transactions/eo/coin/withdrawal', {
      token, headers: { 'idempotency-key': key }, body: { amount: WITHDRAW, withdrawDetail: { eoCoinId: coin._id } },
    });
    const codeMailOf = async (referenceId: string) => (await readOutbox(world.dataDir)).filter((m) => m.subject.includes(referenceId));

    /** After a kill: either one open request with its reservation and its mail, or nothing reserved. */
    const consistent = async (reserved: number) => {
      const open = (await history()).filter((w) => w.status === 'unverified' || w.status === 'pending');
      const now = await coinOf();
      expect(open.length).toBeLessThanOrEqual(1);
      if (open.length) {
        expect(now.coinAmount).toBe(balance - reserved - WITHDRAW);
        expect(await codeMailOf(open[0]!.referenceId)).toHaveLength(1);
      } else {
        expect(now.coinAmount).toBe(balance - reserved);
        expect(now.verification).toBeNull();
      }
      return open[0];
    };

    // Round 1: killed the moment a code mail lands, inside the requesting transaction.
    const outbox = path.join(world.dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    let watcher: FSWatcher | undefined;
    const mailed = new Promise<void>((resolve) => {
      watcher = watch(outbox, (_, name) => {
        if (name?.endsWith('.eml') && !name.startsWith('k-')) {
          server.child.kill('SIGKILL');
          resolve();
        }
      });
    });
    const keys1 = ['crash-round1-a', 'crash-round1-b', 'crash-round1-c'];
    const round1 = await Promise.allSettled([...keys1, keys1[0]!, keys1[0]!].map((k) => ask(k)));
    await Promise.race([mailed, sleep(30_000)]);
    watcher!.close();
    await server.kill();
    // How many the kill cut off depends on how fast the mail was noticed; every outcome must be consistent.
    const cut1 = round1.filter((r) => r.status === 'rejected').length;

    server = await server.restart();
    token = await signIn(server.base, ORGANIZER);
    const afterKill = await consistent(0);
    // A code mail whose request never committed (killed between the mail and the commit) names no request.
    const codeMails = (await readOutbox(world.dataDir)).filter((m) => m.subject.startsWith('Kode verifikasi'));
    console.log(`withdrawals: round 1 killed as a code mail landed; the request ${afterKill ? 'had committed' : 'had not committed'}, ${cut1}/5 requests cut off; ${codeMails.length} code mail(s); ${Date.now() - t0} ms so far`);
    // Asked again after the restart: one key holds the open request (or gets it now), the others are refused.
    const retries = await Promise.all(keys1.map((k) => ask(k)));
    const created = retries.filter((r) => r.status === 201);
    expect(created, JSON.stringify(retries.map((r) => [r.status, r.body.message]))).toHaveLength(1);
    expect(retries.filter((r) => r.status === 409)).toHaveLength(keys1.length - 1);
    const ref1 = created[0]!.body.data.result.referenceId as string;
    if (afterKill) expect(ref1).toBe(afterKill.referenceId);
    // The same key asked again answers the same request, never a second one.
    expect((await ask(keys1.find((_, i) => retries[i]!.status === 201)!)).body.data.result.referenceId).toBe(ref1);
    await consistent(0);
    // The mailed code confirms it.
    const code1 = /^(\d{6})$/m.exec((await codeMailOf(ref1))[0]!.text)![1]!;
    const verified = await request(server.base, '/v1/transactions/eo/coin/withdrawal/verif', { token, body: { eoCoinId: coin._id, code: code1 } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // The transfer failed (admin): the amount comes back and the account is free again.
    const admin = await signIn(server.base, 'admin@demo.id');
    expect((await request(server.base, `/v1/admin/withdrawals/${ref1}/status`, { token: admin, body: { status: 'failed' } })).status).toBe(200);
    expect((await coinOf()).coinAmount).toBe(balance);

    // Round 2: killed right after one request committed, with others (and a repeat of its key) in flight.
    const keys2 = Array.from({ length: 6 }, (_, i) => `crash-round2-${i}`);
    let firstAnswer: { status: number; body: any } | undefined;
    const round2 = await Promise.allSettled([...keys2, ...keys2].map((k) => ask(k).then((r) => {
      if (r.status === 201 && !firstAnswer) {
        firstAnswer = r;
        server.child.kill('SIGKILL');
      }
      return r;
    })));
    await server.kill();
    expect(firstAnswer?.status, JSON.stringify(round2.map((r) => (r.status === 'fulfilled' ? r.value.status : 'cut')))).toBe(201);

    server = await server.restart();
    token = await signIn(server.base, ORGANIZER);
    const open2 = await consistent(0);
    expect(open2?.referenceId).toBe(firstAnswer!.body.data.result.referenceId);
    const again = await Promise.all(keys2.map((k) => ask(k)));
    expect(again.filter((r) => r.status === 201).map((r) => r.body.data.result.referenceId)).toEqual([open2!.referenceId]);
    const code2 = /^(\d{6})$/m.exec((await codeMailOf(open2!.referenceId))[0]!.text)![1]!;
    expect((await request(server.base, '/v1/transactions/eo/coin/withdrawal/verif', { token, body: { eoCoinId: coin._id, code: code2 } })).status).toBe(200);
    expect((await coinOf()).coinAmount).toBe(balance - WITHDRAW);
    console.log(`withdrawals: two kills and restarts in ${Date.now() - t0} ms (ready in ${server.startMs} ms)`);
  }, 300_000);

  it('an export killed mid-stream: the data is intact, the export works again in full, nothing left behind', async () => {
    let token = await signIn(server.base, ORGANIZER);
    const count = async () => (await request(server.base, `/v1/event-regist/lists?eventId=${webinar}&limit=1`, { token })).body.data.totalDocs as number;
    expect(await count()).toBe(EXPORT_ROWS);
    const before = await dataFiles(world.dataDir);
    const url = () => `${server.base}/v1/event-regist/export?eventId=${webinar}&format=csv`;

    const res = await fetch(url(), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    await server.kill();
    let complete = true;
    try {
      while (!(await reader.read()).done) { /* whatever was on the way */ }
    } catch {
      complete = false;
    }
    expect(complete, 'the download should have been cut off').toBe(false);

    server = await server.restart();
    token = await signIn(server.base, ORGANIZER);
    expect(await count()).toBe(EXPORT_ROWS);
    const again = await fetch(url(), { headers: { authorization: `Bearer ${token}` } });
    const lines = (await again.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(EXPORT_ROWS + 1);
    expect(lines.at(-1)!.startsWith(`${EXPORT_ROWS},`)).toBe(true);
    expect(await dataFiles(world.dataDir)).toEqual(before);
  }, 300_000);

  it('the database holds nothing half-written: jobs finished, serials once, every reservation with its request', async () => {
    await world.withDb(async (db) => {
      // One-off jobs, every one finished: the certificate's publish job once, and the e-ticket
      // mails of the registrations made here; the scheduled sweeps' keyed rows are
      // queued again after every run.
      const oneOff = await db.select({ kind: jobs.kind, status: jobs.status, n: sql<number>`count(*)::int` }).from(jobs).where(isNull(jobs.key)).groupBy(jobs.kind, jobs.status);
      expect(oneOff.filter((j) => j.status !== 'done')).toEqual([]);
      expect(oneOff.filter((j) => j.kind === PUBLISH_CERTIFICATE.id)).toEqual([{ kind: PUBLISH_CERTIFICATE.id, status: 'done', n: 1 }]);
      expect(oneOff.every((j) => j.kind === PUBLISH_CERTIFICATE.id || j.kind === MAIL_TICKET.id)).toBe(true);
      if (certificateId) {
        const [cert] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
        expect(cert!.status).toBe('published');
        const rows = await db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, certificateId));
        expect(rows.map((r) => r.serial).sort()).toEqual(serials(PREFIX, RECIPIENTS));
        expect(rows.filter((r) => !r.mailedAt || !r.renderedAt || r.error)).toEqual([]);
      }
      // Every withdrawal has exactly one reservation; a closed one exactly one release; nothing else moves money out.
      const ws = await db.select().from(withdrawals).where(eq(withdrawals.eventId, konser));
      const entries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.eventId, konser), inArray(ledgerEntries.kind, ['withdrawal_reserve', 'withdrawal_release'])));
      for (const w of ws) {
        const mine = entries.filter((e) => e.withdrawalId === w.id);
        const released = w.status === 'failed' || w.status === 'expired';
        expect(mine.map((e) => [e.kind, e.amount]).sort()).toEqual(
          (released ? [['withdrawal_release', w.amount], ['withdrawal_reserve', -w.amount]] : [['withdrawal_reserve', -w.amount]]),
        );
      }
      expect(entries.filter((e) => !ws.some((w) => w.id === e.withdrawalId))).toEqual([]);
      expect(ws.filter((w) => w.status === 'unverified' || w.status === 'pending')).toHaveLength(1);
      // A key that answered holds its answer; one left unanswered (statusCode 0) would be a half-written request.
      const keys = await db.select().from(idempotencyKeys);
      expect(keys.filter((k) => k.statusCode === 0)).toEqual([]);
    });
  }, 120_000);
});
