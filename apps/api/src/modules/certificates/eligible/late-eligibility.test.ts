import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateRecipients, certificates, jobs } from '../../../db/schema/index.js';
import type { JobRow } from '../../../jobs/queue.js';
import { readOutbox } from '../../../lib/mailer.js';
import { call } from '../../../../test/harness.js';
import { silentLog } from '../publish/publish.fixture.js';
import { eligibleWorld, type EligibleWorld } from './eligible.fixture.js';
import { issueEligibleJob } from './issue-eligible.job.js';
import { issueIfEligible } from './issue-if-eligible.js';
import { ISSUE_ELIGIBLE } from './issue-eligible.type.js';

/**
 * After an `eligible` certificate is published, whoever meets its rules later (an evaluation
 * sent, a session attended) gets it without the organizer publishing again: once, whatever
 * runs at the same time.
 */
let w: EligibleWorld;
let certificateId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  w = await eligibleWorld(6);
  const saved = await call(w.t.app, {
    method: 'PUT', url: `/v1/events/${w.eventId}/evaluation`, token: w.token.owner, headers: w.headers,
    payload: { questions: [{ type: 'text', label: 'Saran untuk panitia', isRequired: false }], opensAt: new Date(Date.now() - HOUR).toISOString(), closesAt: new Date(Date.now() + HOUR).toISOString() },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Person 0 qualifies at publishing; 1, 2 and 3 attended a session but have not answered.
  for (const i of [0, 1, 2, 3]) await w.attend(i, 1);
  await w.answer(0);
  const res = await w.create(w.payload({ minSessions: 1, evaluationRequired: true }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  certificateId = res.body.data.result.id;
  await w.runJob(certificateId);
}, 60_000);
afterAll(() => w?.close());

const job = () => issueEligibleJob(w.place.deps);
const runIssue = (registrantId: string) => job().handler({ eventId: w.eventId, registrantId }, {
  job: {} as JobRow, signal: new AbortController().signal, lastAttempt: false, log: silentLog,
});
const recipients = () => w.db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, certificateId)).orderBy(asc(certificateRecipients.position));
const mailsTo = async (i: number) => (await readOutbox(w.place.dataDir)).filter((m) => m.to === `layak${i}@contoh.id`).length;
const queuedFor = (registrantId: string) => w.db.select().from(jobs)
  .where(and(eq(jobs.kind, ISSUE_ELIGIBLE.id), sql`${jobs.payload}->>'registrantId' = ${registrantId}`));

describe('late eligibility', () => {
  it('answering the evaluation after publishing issues exactly one certificate, without publishing again', async () => {
    expect((await recipients()).map((r) => r.registrantId)).toEqual([w.people[0]!.registrantId]);
    const person = w.people[1]!;
    const sent = await call(w.t.app, { method: 'POST', url: `/v1/public/tickets/${person.ticketCode}/evaluation`, payload: { answers: [] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // The answer queued the job in its own transaction.
    const queued = await queuedFor(person.registrantId);
    expect(queued).toHaveLength(1);
    await runIssue(person.registrantId);
    const rows = await recipients();
    expect(rows.map((r) => [r.registrantId, r.serial])).toEqual([[w.people[0]!.registrantId, 'LAYAK-001'], [person.registrantId, 'LAYAK-002']]);
    expect(rows[1]!.mailedAt).not.toBeNull();
    expect(await mailsTo(1)).toBe(1);
    // Its verify link answers like any certificate's: the name with its token, not without.
    const verify = async (token: string) => (await call(w.t.app, { method: 'GET', url: `/v1/certificates/verify/${rows[1]!.serial}?t=${token}` })).body.data.result;
    expect(await verify(rows[1]!.verifyToken)).toMatchObject({ serial: 'LAYAK-002', withToken: true, recipientName: rows[1]!.name });
    expect(await verify('salah')).toEqual({ serial: 'LAYAK-002', withToken: false });
    // A repeated run (a retry, another trigger) issues nothing more.
    await runIssue(person.registrantId);
    expect(await recipients()).toHaveLength(2);
    expect(await mailsTo(1)).toBe(1);
    const cert = await w.db.select({ total: certificates.totalRecipient, status: certificates.status }).from(certificates).where(eq(certificates.id, certificateId));
    expect(cert).toEqual([{ total: 2, status: 'published' }]);
  });

  it('two concurrent triggers issue one certificate and one mail', async () => {
    const person = w.people[2]!;
    await w.answer(2);
    expect(await issueIfEligible(w.db, w.eventId, person.registrantId)).toBe(true);
    expect(await issueIfEligible(w.db, w.eventId, person.registrantId)).toBe(true);
    await Promise.all([runIssue(person.registrantId), runIssue(person.registrantId), runIssue(person.registrantId)]);
    const mine = (await recipients()).filter((r) => r.registrantId === person.registrantId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.mailedAt).not.toBeNull();
    expect(await mailsTo(2)).toBe(1);
  });

  it('a session check-in that completes the rules issues it too; someone still short of them gets nothing', async () => {
    // Person 4 answered first; a scanner offline at the door syncs their session check-in later.
    await w.answer(4);
    await runIssue(w.people[4]!.registrantId);
    expect((await recipients()).some((r) => r.registrantId === w.people[4]!.registrantId)).toBe(false);
    const before = (await queuedFor(w.people[4]!.registrantId)).length;
    const synced = await call(w.t.app, {
      method: 'POST', url: `/v1/events/${w.eventId}/checkins/sync`, token: w.token.owner, headers: w.headers,
      payload: { scans: [{ code: w.people[4]!.ticketCode, scannedAt: new Date(Date.now() - 60_000).toISOString(), deviceId: 'pintu-offline', sessionId: w.sessionIds[0] }] },
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data.results[0].outcome).toBe('CHECKED_IN');
    // The sync's check-in queued the job itself.
    expect(await queuedFor(w.people[4]!.registrantId)).toHaveLength(before + 1);
    await runIssue(w.people[4]!.registrantId);
    expect((await recipients()).filter((r) => r.registrantId === w.people[4]!.registrantId)).toHaveLength(1);
    expect(await mailsTo(4)).toBe(1);
    // Person 3 attended but never answered; person 5 did nothing.
    for (const i of [3, 5]) await runIssue(w.people[i]!.registrantId);
    expect((await recipients()).map((r) => r.registrantId)).not.toContain(w.people[3]!.registrantId);
    expect(await mailsTo(3) + await mailsTo(5)).toBe(0);
  });

  it('queues nothing for an event without a published eligible certificate', async () => {
    expect(await issueIfEligible(w.db, w.noSessionsId, w.people[5]!.registrantId)).toBe(false);
  });

  it('waits for a batch still publishing, then issues', async () => {
    const person = w.people[5]!;
    await w.answer(5);
    await w.attend(5, 1);
    await w.db.update(certificates).set({ status: 'publishing' }).where(eq(certificates.id, certificateId));
    await runIssue(person.registrantId);
    expect((await recipients()).map((r) => r.registrantId)).not.toContain(person.registrantId);
    const later = (await queuedFor(person.registrantId)).filter((j) => (j.payload as { deferred?: number }).deferred === 1);
    expect(later).toHaveLength(1);
    expect(later[0]!.runAfter.getTime()).toBeGreaterThan(Date.now());
    await w.db.update(certificates).set({ status: 'published' }).where(eq(certificates.id, certificateId));
    await job().handler(later[0]!.payload as { eventId: string; registrantId: string }, { job: later[0]!, signal: new AbortController().signal, lastAttempt: false, log: silentLog });
    expect((await recipients()).filter((r) => r.registrantId === person.registrantId)).toHaveLength(1);
  });
});
