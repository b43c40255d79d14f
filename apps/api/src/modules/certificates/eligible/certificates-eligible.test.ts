import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_RULES_MSG, fill, type CertificateRules } from '@eo/contract';
import { certificateRecipients } from '../../../db/schema/index.js';
import { readOutbox } from '../../../lib/mailer.js';
import { eligibleWorld, type EligibleWorld } from './eligible.fixture.js';

/**
 * Certificates by rules: who is eligible under each rule and their combinations (counted
 * before publishing, issued by publishing), which rules an event can take, and who may ask.
 *
 * Ten people, five sessions: 0 attended 5 and answered; 1 attended 3; 2 attended 3 and
 * answered; 3 attended 2 and answered; 4 answered only; 5 attended 1; 6 attended 5 and
 * answered but was refunded; 7–9 did nothing.
 */
let w: EligibleWorld;
beforeAll(async () => {
  w = await eligibleWorld(10);
  for (const [i, k] of [[0, 5], [1, 3], [2, 3], [3, 2], [5, 1], [6, 5]] as const) await w.attend(i, k);
  for (const i of [0, 2, 3, 4, 6]) await w.answer(i);
  await w.refund(6);
}, 60_000);
afterAll(() => w?.close());

const eligible = async (rules: CertificateRules) => {
  const res = await w.count(rules);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.eligible as number;
};

describe('GET /v1/certificates/eligible-count', () => {
  it('counts by sessions attended', async () => {
    expect(await eligible({ minSessions: 1 })).toBe(5);
    expect(await eligible({ minSessions: 3 })).toBe(3);
    expect(await eligible({ minSessions: 5 })).toBe(1);
  });

  it('counts by share of sessions, rounded up to whole sessions', async () => {
    // 0.6 × 5 = 3 exactly (not 3.0000000000000004 → 4); 0.5 × 5 = 2.5 → 3; 0.4 × 5 = 2.
    expect(await eligible({ minSessionShare: 0.6 })).toBe(3);
    expect(await eligible({ minSessionShare: 0.5 })).toBe(3);
    expect(await eligible({ minSessionShare: 0.4 })).toBe(4);
    expect(await eligible({ minSessionShare: 1 })).toBe(1);
  });

  it('counts by evaluation answered, and every rule given must hold', async () => {
    expect(await eligible({ evaluationRequired: true })).toBe(4);
    expect(await eligible({ minSessions: 3, evaluationRequired: true })).toBe(2);
    expect(await eligible({ minSessionShare: 0.4, evaluationRequired: true })).toBe(3);
    // Both session rules: the stricter one.
    expect(await eligible({ minSessions: 1, minSessionShare: 0.6 })).toBe(3);
    expect(await eligible({ minSessions: 5, minSessionShare: 0.2 })).toBe(1);
    // `evaluationRequired: false` with a session rule is the session rule alone.
    expect(await eligible({ minSessions: 3, evaluationRequired: false })).toBe(3);
  });

  it('an event without sessions takes the evaluation rule, and refuses session rules with a clear message', async () => {
    expect((await w.count({ evaluationRequired: true }, w.token.owner, w.noSessionsId)).body.data).toEqual({ eligible: 0 });
    for (const rules of [{ minSessions: 1 }, { minSessionShare: 0.5, evaluationRequired: true }]) {
      const res = await w.count(rules, w.token.owner, w.noSessionsId);
      expect([res.status, res.body.message]).toEqual([400, CERT_RULES_MSG.noSessions]);
    }
    const res = await w.count({ minSessions: 6 });
    expect([res.status, res.body.message]).toEqual([400, fill(CERT_RULES_MSG.tooManySessions, { n: 5, min: 6 })]);
  });

  it('refuses bad rules with their messages', async () => {
    const refused: [unknown, string][] = [
      [{}, CERT_RULES_MSG.missingRules],
      [{ evaluationRequired: false }, CERT_RULES_MSG.missingRules],
      [{ minSessions: 0 }, CERT_RULES_MSG.minSessionsRange],
      [{ minSessions: 51 }, CERT_RULES_MSG.minSessionsRange],
      [{ minSessions: 2.5 }, CERT_RULES_MSG.minSessionsRange],
      [{ minSessionShare: 0 }, CERT_RULES_MSG.minSessionShareRange],
      [{ minSessionShare: 60 }, CERT_RULES_MSG.minSessionShareRange],
      ['{"minSessions":', CERT_RULES_MSG.rulesNotJson],
    ];
    for (const [rules, message] of refused) {
      const res = await w.count(rules);
      expect(res.status, JSON.stringify(rules)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(rules)).toContain(message);
    }
  });

  it('owner and admin may count; staff and finance are refused (403); another organizer sees no event (404)', async () => {
    expect((await w.count({ minSessions: 1 }, w.token.admin)).status).toBe(200);
    expect((await w.count({ minSessions: 1 }, w.token.staff)).status).toBe(403);
    expect((await w.count({ minSessions: 1 }, w.token.finance)).status).toBe(403);
    expect((await w.count({ minSessions: 1 }, w.token.org2)).status).toBe(404);
  });
});

describe('publishing an eligible certificate', () => {
  const recipientsOf = (id: string) => w.db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, id)).orderBy(asc(certificateRecipients.position));

  it('needs rules, and rules the event can meet', async () => {
    expect((await w.create(w.payload(null))).body.message).toBe('Missing this fields: Syarat Penerima');
    const none = await w.create(w.payload({ minSessions: 1 }, { eventId: w.noSessionsId }));
    expect([none.status, none.body.errors]).toEqual([400, [{ path: 'rules', message: CERT_RULES_MSG.noSessions }]]);
    // A draft may wait for its rules.
    const draft = await w.create(w.payload(null, { isDraft: true, serialNumberPrefix: 'LAYAK-DRAF' }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.data.result).toMatchObject({ status: 'drafted', recipientType: 'eligible', rules: null });
  });

  it('issues to everyone eligible now, through the publish job, and keeps its rules', async () => {
    const res = await w.create(w.payload({ minSessions: 3, evaluationRequired: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.result).toMatchObject({ status: 'publishing', recipientType: 'eligible', recipientCsv: null, totalRecipient: 2, rules: { minSessions: 3, evaluationRequired: true } });
    const id = res.body.data.result.id as string;
    await w.runJob(id);
    const rows = await recipientsOf(id);
    // In registration order (both registered at the same moment here: either may come first).
    expect(rows.map((r) => r.serial)).toEqual(['LAYAK-001', 'LAYAK-002']);
    expect(rows.map((r) => [r.registrantId, r.email]).sort((a, b) => a[1]!.localeCompare(b[1]!))).toEqual([
      [w.people[0]!.registrantId, 'layak0@contoh.id'], [w.people[2]!.registrantId, 'layak2@contoh.id'],
    ]);
    expect(rows.every((r) => r.mailedAt && r.pdfPath)).toBe(true);
    expect((await readOutbox(w.place.dataDir)).map((m) => m.to).sort()).toEqual(['layak0@contoh.id', 'layak2@contoh.id']);
    const got = (await w.t.app.inject({ method: 'GET', url: `/v1/certificates/${id}`, headers: { authorization: `Bearer ${w.token.owner}`, ...w.headers } })).json();
    expect(got.data.result).toMatchObject({ status: 'published', totalRecipient: 2, progress: { done: 2, total: 2, failed: 0 } });
  });

  it('may be published while nobody is eligible: published with no recipients', async () => {
    // Nobody has answered the evaluation of the event without sessions.
    const nobody = await w.create(w.payload({ evaluationRequired: true }, { serialNumberPrefix: 'LAYAK-TIADA', eventId: w.noSessionsId }));
    expect(nobody.status, JSON.stringify(nobody.body)).toBe(201);
    expect(nobody.body.data.result.totalRecipient).toBe(0);
    const nobodyId = nobody.body.data.result.id as string;
    await w.runJob(nobodyId);
    expect(await recipientsOf(nobodyId)).toEqual([]);
    const got = (await w.t.app.inject({ method: 'GET', url: `/v1/certificates/${nobodyId}`, headers: { authorization: `Bearer ${w.token.owner}`, ...w.headers } })).json();
    expect(got.data.result).toMatchObject({ status: 'published', totalRecipient: 0, progress: { done: 0, total: 0, failed: 0 } });
  });
});
