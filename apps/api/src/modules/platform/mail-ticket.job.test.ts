import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, registrants } from '../../db/schema/index.js';
import { handlerOf, workerJobs } from '../../jobs/job-definition.js';
import { startWorker, type JobRow } from '../../jobs/queue.js';
import type { Mailer, OutgoingMail } from '../../lib/mailer.js';
import type { TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { mailTicketJob } from './mail-ticket.job.js';
import { MAIL_TICKET } from './mail-ticket.type.js';
import { RegistrationService } from './registration.service.js';
import { TICKET_QR_CID } from './ticket-mail.js';

let t: TestApp;
let creatorId: string;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const publicUrl = 'https://contoh.id';

/** A mailer that keeps what it is given, or fails while `failing` is set. */
function recordingMailer(failing = false) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    send: vi.fn(async (m: OutgoingMail) => {
      if (failing) throw new Error('smtp down');
      sent.push(m);
      return { messageId: String(sent.length) };
    }),
    close: () => undefined,
  };
  return { mailer, sent };
}

const person = (email: string) => ({ name: 'Sari Dewi', email });
const mailJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_TICKET.id));
async function freeTicket(name: string, quota: number) {
  const eventId = await createEvent(t.database.db, creatorId, simpleEvent(name, { days: 10, quota }));
  const ticket = (await t.database.db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, eventId) }))!;
  return { eventId, ticketId: ticket.id };
}
/** Runs the job's handler the way a worker would, on the given try. */
const runHandler = (job: JobRow, mailer: Mailer, ctx: { lastAttempt?: boolean; log?: typeof silentLog } = {}) =>
  handlerOf(mailTicketJob({ db: t.database.db, mailer, publicUrl }))({
    job, signal: new AbortController().signal, lastAttempt: ctx.lastAttempt ?? false, log: ctx.log ?? silentLog,
  });

beforeAll(async () => {
  // No worker in the app: each test runs the job itself.
  const team = await createTeamApp();
  t = team.t;
  creatorId = team.ids.org1;
});
afterAll(() => t.close());

describe('ticket.mail', () => {
  const service = () => new RegistrationService(t.database.db);

  it('a registration queues exactly one job with its registrant id; a refused one queues none', async () => {
    const { eventId, ticketId } = await freeTicket('Antre Surat', 3);
    await t.database.db.delete(jobs);
    const { registrantId } = await service().register(eventId, { ticketId, participant: person('satu@contoh.id') }, { maxPerEmail: 1 });
    expect((await mailJobs()).map((j) => [j.status, j.payload])).toEqual([['queued', { registrantId }]]);

    // Refused (the same email, then no seat left): the statement that would queue the job writes nothing.
    await expect(service().register(eventId, { ticketId, participant: person('SATU@contoh.id') }, { maxPerEmail: 1 })).rejects.toThrow();
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) =>
      service().register(eventId, { ticketId, participant: person(`rebut${i}@contoh.id`) }, { maxPerEmail: 1 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const queued = (await mailJobs()).map((j) => (j.payload as { registrantId: string }).registrantId).sort();
    const stored = (await t.database.db.select({ id: registrants.id }).from(registrants).where(eq(registrants.eventId, eventId))).map((r) => r.id).sort();
    expect(queued).toEqual(stored);
    expect(stored).toHaveLength(3);
  });

  it('the handler sends one mail with the QR code and marks it sent; a second run sends nothing', async () => {
    const { eventId, ticketId } = await freeTicket('Surat Sekali', 5);
    await t.database.db.delete(jobs);
    const { registrantId, ticketCode } = await service().register(eventId, { ticketId, participant: person('sekali@contoh.id') });
    const [job] = await mailJobs();
    const { mailer, sent } = recordingMailer();
    await runHandler(job!, mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'sekali@contoh.id', idempotencyKey: `eticket-${ticketCode}` });
    expect(sent[0]!.text).toContain(`${publicUrl}/e/${eventId}/ticket/${ticketCode}`);
    const qr = sent[0]!.attachments!.filter((a) => a.contentType === 'image/png');
    expect(qr).toHaveLength(1);
    expect(qr[0]!.cid).toBe(TICKET_QR_CID);
    expect((qr[0]!.content as Buffer).subarray(1, 4).toString()).toBe('PNG');
    const row = await t.database.db.query.registrants.findFirst({ where: eq(registrants.id, registrantId) });
    expect(row!.ticketMailedAt).toBeInstanceOf(Date);

    await runHandler(job!, mailer);
    expect(mailer.send).toHaveBeenCalledTimes(1);
  });

  it('a worker runs it: a failing mailer is retried with backoff, then the last try is logged and the registration stands', async () => {
    const { eventId, ticketId } = await freeTicket('Surat Gagal', 5);
    await t.database.db.delete(jobs);
    const { registrantId } = await service().register(eventId, { ticketId, participant: person('gagal@contoh.id') });
    const { mailer } = recordingMailer(true);
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const worker = startWorker({
      db: t.database.db, ...workerJobs([mailTicketJob({ db: t.database.db, mailer, publicUrl })]), log, pollMs: 20, maxAttempts: 3, backoffMs: 10,
    });
    try {
      for (let i = 0; i < 500 && (await mailJobs())[0]?.status !== 'failed'; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await worker.stop();
    }
    const [job] = await mailJobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'smtp down' });
    expect(mailer.send).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ registrantId, eventId }), expect.stringContaining('e-ticket mail not sent'));
    const row = await t.database.db.query.registrants.findFirst({ where: eq(registrants.id, registrantId) });
    expect(row).toMatchObject({ email: 'gagal@contoh.id', ticketMailedAt: null, cancelledAt: null });
  });

  it('a registrant that is gone fails the job at once; a cancelled one is not mailed', async () => {
    const { mailer } = recordingMailer();
    const ghost = { payload: { registrantId: '00000000-0000-4000-8000-000000000000' } } as unknown as JobRow;
    await expect(runHandler(ghost, mailer)).rejects.toThrow(/not found/);
    const { eventId, ticketId } = await freeTicket('Surat Batal', 5);
    const { registrantId } = await service().register(eventId, { ticketId, participant: person('batal@contoh.id') });
    await t.database.db.update(registrants).set({ status: 'refunded', cancelledAt: new Date() }).where(eq(registrants.id, registrantId));
    await runHandler({ payload: { registrantId } } as unknown as JobRow, mailer);
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
