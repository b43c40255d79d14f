import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PROOF_OF_WORK, PROOF_OF_WORK_MSG, type AltchaChallenge } from '@eo/contract';
import { buildApp } from '../../app.js';
import { registrants, tickets, uploads, usedChallenges } from '../../db/schema/index.js';
import { call, TEST_JWT_SECRET, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { file, PDF, publicUpload } from '../../../test/multipart.js';
import { altchaPayload, fetchChallenge, solve, solvedAltcha } from '../../../test/proof-of-work.js';
import type { JobContext } from '../../jobs/queue.js';
import { ProofOfWorkService } from './proof-of-work.service.js';
import { purgeUsedChallengesJob } from './purge-used-challenges.job.js';

/**
 * API.md "Public pages", proof of work: public registrations and answer uploads carry a solved
 * ALTCHA challenge; missing, wrong, expired or used before is 400 CHALLENGE_REQUIRED and nothing
 * is written; the platform intake, authenticated by its key, needs none.
 */
let t: TestApp;
let eventId: string;
let ticketId: string;
let fileQuestion: string;

const REFUSED = { messageId: PROOF_OF_WORK.messageId, message: PROOF_OF_WORK_MSG.required };
const participant = (email: string) => ({ name: 'Rina Putri', email, phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Perempuan' });
const register = (body: object, app = t.app) =>
  call(app, { method: 'POST', url: `/v1/public/events/${eventId}/registrations`, payload: body, remoteAddress: '198.51.100.3' });
const registrantsOf = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registrants).where(eq(registrants.eventId, eventId)))[0]!.n;

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  const e = simpleEvent('Lomba Poster Gratis', { days: 10, quota: 50 });
  e.payload.tickets![0]!.registrationSteps = [{ name: 'Karya', type: 'file', isRequired: false, maxFiles: 1, accept: ['pdf'] }] as never;
  eventId = await createEvent(t.database.db, team.ids.org1, e);
  ticketId = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!.id;
  fileQuestion = (await t.database.db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, eventId) }))!.id;
});
afterAll(() => t.close());

describe('GET /v1/public/challenge', () => {
  it('answers a signed altcha-lib v2 challenge that expires in 10 minutes, never cached', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/public/challenge' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.body.data.result as AltchaChallenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: t.config.altcha.cost, keyLength: 32 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(PROOF_OF_WORK.lifetimeSeconds - 5);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(PROOF_OF_WORK.lifetimeSeconds);
  });
});

describe('POST /v1/public/events/{eventId}/registrations', () => {
  it('201 with a solved challenge', async () => {
    const res = await register({ ticketId, participant: participant('sah@contoh.id'), altcha: await solvedAltcha(t.app) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('400 CHALLENGE_REQUIRED without one, with an empty one or with one that is not a payload; nothing is written', async () => {
    const before = await registrantsOf();
    for (const altcha of [undefined, '', 'bukan-base64!', Buffer.from('{"challenge":1}').toString('base64'), 'x'.repeat(PROOF_OF_WORK.maxPayloadChars + 1)]) {
      const res = await register({ ticketId, participant: participant('tanpa@contoh.id'), ...(altcha === undefined ? {} : { altcha }) });
      expect(res.status, String(altcha)).toBe(400);
      expect(res.body).toMatchObject(REFUSED);
    }
    expect(await registrantsOf()).toBe(before);
  });

  it('400 for a wrong solution, a challenge altered after signing, or one signed with another key', async () => {
    const challenge = await fetchChallenge(t.app);
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const wrongKey = { ...solution, derivedKey: solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: challenge.parameters.keyPrefix.slice(0, 2) } };
    const foreign = await new ProofOfWorkService(t.database.db, 'another-secret-that-is-long-enough-0123456789', t.config.altcha).challenge();
    for (const altcha of [altchaPayload(challenge, wrongKey), altchaPayload(cheaper, solution), await solve(foreign)]) {
      const res = await register({ ticketId, participant: participant('salah@contoh.id'), altcha });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(REFUSED);
    }
    // The right solution of the same challenge still works: the refusals spent nothing.
    expect((await register({ ticketId, participant: participant('salah@contoh.id'), altcha: altchaPayload(challenge, solution) })).status).toBe(201);
  });

  it('400 for a challenge past its 10 minutes', async () => {
    const service = new ProofOfWorkService(t.database.db, TEST_JWT_SECRET, t.config.altcha);
    const old = await service.challenge(new Date(Date.now() - (PROOF_OF_WORK.lifetimeSeconds + 1) * 1000));
    const res = await register({ ticketId, participant: participant('lama@contoh.id'), altcha: await solve(old) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(REFUSED);
  });

  it('400 for a solution used before, also when the first use was refused further on (sold out, already registered)', async () => {
    const altcha = await solvedAltcha(t.app);
    expect((await register({ ticketId, participant: participant('sekali@contoh.id'), altcha })).status).toBe(201);
    const replay = await register({ ticketId, participant: participant('dua-kali@contoh.id'), altcha });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject(REFUSED);
    const refusedFurther = await solvedAltcha(t.app);
    expect((await register({ ticketId, participant: participant('sekali@contoh.id'), altcha: refusedFurther })).status).toBe(409);
    expect((await register({ ticketId, participant: participant('tiga-kali@contoh.id'), altcha: refusedFurther })).body).toMatchObject(REFUSED);
  });

  it('a solution spent on one API process is refused by another on the same database', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await other.ready();
      const altcha = await solvedAltcha(other);
      expect((await register({ ticketId, participant: participant('proses1@contoh.id'), altcha })).status).toBe(201);
      const replay = await register({ ticketId, participant: participant('proses2@contoh.id'), altcha }, other);
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject(REFUSED);
    } finally {
      await other.close();
    }
  });
});

describe('POST /v1/public/events/{eventId}/uploads', () => {
  const uploadCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]!.n;

  it('201 with a solved challenge in X-Altcha; without one, or with one used before, 400 and no file stored', async () => {
    const altcha = await solvedAltcha(t.app);
    expect((await publicUpload(t.app, eventId, fileQuestion, file(PDF, 'karya.pdf', 'application/pdf'), altcha)).status).toBe(201);
    const before = await uploadCount();
    for (const header of [null, altcha, 'bukan']) {
      const res = await publicUpload(t.app, eventId, fileQuestion, file(PDF, 'karya.pdf', 'application/pdf'), header);
      expect(res.status, String(header)).toBe(400);
      expect(res.body).toMatchObject(REFUSED);
    }
    expect(await uploadCount()).toBe(before);
  });

  it('one solution opens one call: spent on an upload, it does not open a registration', async () => {
    const altcha = await solvedAltcha(t.app);
    expect((await publicUpload(t.app, eventId, fileQuestion, file(PDF, 'karya.pdf', 'application/pdf'), altcha)).status).toBe(201);
    expect((await register({ ticketId, participant: participant('silang@contoh.id'), altcha })).body).toMatchObject(REFUSED);
  });
});

describe('the platform intake', () => {
  it('needs no challenge: its key authenticates it', async () => {
    const res = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${eventId}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
      payload: { ticketId, quantity: 1, participant: participant('aplikasi@contoh.id') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('spent challenges', () => {
  it('are kept until they expire, then purged by a scheduled job', async () => {
    const db = t.database.db;
    const job = purgeUsedChallengesJob(new ProofOfWorkService(db, TEST_JWT_SECRET, t.config.altcha));
    expect(job.everyMs).toBeLessThanOrEqual(PROOF_OF_WORK.lifetimeSeconds * 1000);
    await db.insert(usedChallenges).values([
      { signature: 'lapsed', expiresAt: new Date(Date.now() - 1000) },
      { signature: 'current', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const logged: unknown[] = [];
    await job.handler({}, { log: { info: (o: unknown) => logged.push(o) } } as unknown as JobContext);
    expect(logged).toEqual([{ purged: expect.any(Number) }]);
    const left = (await db.select({ signature: usedChallenges.signature }).from(usedChallenges)).map((r) => r.signature);
    expect(left).toContain('current');
    expect(left).not.toContain('lapsed');
  });
});
