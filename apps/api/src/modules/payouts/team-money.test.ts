import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, MAIL_MSG, maskEmail, ORGANIZATION_HEADER, WITHDRAW_OWN_MSG } from '@eo/contract';
import { memberships } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, tokenFor, type TestApp } from '../../../test/harness.js';
import { callerFor, createTeamApp, passwordHashed } from '../../../test/fixtures.js';
import { BCA, lastCode, moneyCalls, pastPaidEvent } from '../../../test/money.js';
import { createUser } from '../users/users.service.js';

/**
 * Money safety with a committee: the withdrawal code goes to the member who asked for
 * it and only they can use it; every owner is told of a request and of a bank account change.
 */
let t: TestApp;
let api: ReturnType<typeof moneyCalls>;
let owner: string;
let organizationId: string;
const tokens: Record<'owner' | 'coOwner' | 'finance' | 'finance2', string> = { owner: '', coOwner: '', finance: '', finance2: '' };
const EMAIL = { owner: 'organizer@demo.id', coOwner: 'bendahara.utama@contoh.id', finance: 'keuangan.satu@contoh.id', finance2: 'keuangan.dua@contoh.id' };

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  api = moneyCalls(t);
  owner = team.ids.org1;
  tokens.owner = team.org1;
  organizationId = (await callerFor(t.database.db, owner)).organizationId!;
  for (const [who, role] of [['coOwner', 'owner'], ['finance', 'finance'], ['finance2', 'finance']] as const) {
    const userId = await createUser(t.database.db, { email: EMAIL[who], name: `Anggota ${who}`, password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
    await t.database.db.insert(memberships).values({ organizationId, userId, role });
    tokens[who] = (await tokenFor(t.app, EMAIL[who])).token;
  }
});
afterAll(() => t.close());

const mailsTo = async (email: string) => (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(email));

describe('a withdrawal requested by a finance member', () => {
  it('mails the code to that member only, tells both owners, and only that member can verify', async () => {
    const { id } = await pastPaidEvent(t.database.db, owner, 'Festival Panitia', 3);
    const coinId = (await api.coin(id, tokens.finance)).body.data.result._id as string;
    expect((await api.saveBank(coinId, BCA, tokens.finance)).status).toBe(200);
    const before = { owner: (await mailsTo(EMAIL.owner)).length, coOwner: (await mailsTo(EMAIL.coOwner)).length, finance2: (await mailsTo(EMAIL.finance2)).length };

    const requested = await api.request(coinId, 20_000, tokens.finance);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    expect(requested.body.message).toBe(fill(WITHDRAW_OWN_MSG.codeSent, { email: maskEmail(EMAIL.finance) }));
    const code = await lastCode(t.config.dataDir, EMAIL.finance);
    // Both owners hear of it; the other finance member gets nothing.
    for (const who of ['owner', 'coOwner'] as const) {
      const mails = (await mailsTo(EMAIL[who])).slice(before[who]);
      expect(mails, who).toHaveLength(1);
      expect(mails[0]!.subject).toBe(fill(MAIL_MSG.withdrawalRequestedSubject, { amount: 'Rp20.000,00', eventName: 'Festival Panitia' }));
      expect(mails[0]!.text).toContain(`Anggota finance <${EMAIL.finance}>`);
      expect(mails[0]!.text).not.toMatch(new RegExp(`^${code}$`, 'm'));
    }
    expect(await mailsTo(EMAIL.finance2)).toHaveLength(before.finance2);

    // Only the requester sees the code step, and only they can use or resend the code.
    expect((await api.coin(id, tokens.finance)).body.data.result.verification).not.toBeNull();
    expect((await api.coin(id, tokens.owner)).body.data.result.verification).toBeNull();
    for (const other of [tokens.owner, tokens.finance2]) {
      const refused = await api.verify(coinId, code, other);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(WITHDRAW_OWN_MSG.noVerification);
      expect((await api.resend(coinId, other)).status).toBe(409);
    }
    const verified = await api.verify(coinId, code, tokens.finance);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  });

  it('a bank account change is mailed to every owner, whoever makes it', async () => {
    const { id } = await pastPaidEvent(t.database.db, owner, 'Seminar Panitia', 1);
    const coinId = (await api.coin(id, tokens.finance2)).body.data.result._id as string;
    const before = { owner: (await mailsTo(EMAIL.owner)).length, coOwner: (await mailsTo(EMAIL.coOwner)).length };
    expect((await api.saveBank(coinId, BCA, tokens.finance2)).status).toBe(200);
    for (const who of ['owner', 'coOwner'] as const) {
      const [mail] = (await mailsTo(EMAIL[who])).slice(before[who]);
      expect(mail?.subject, who).toBe(fill(MAIL_MSG.bankChangedSubject, { eventName: 'Seminar Panitia' }));
      expect(mail!.text).toContain(EMAIL.finance2);
    }
  });

  it('the header names the organization for money calls too: another organization is 404', async () => {
    const { id } = await pastPaidEvent(t.database.db, owner, 'Konser Panitia', 1);
    const other = await call(t.app, {
      method: 'GET', url: `/v1/transactions/eo/coin?eventId=${id}`, token: tokens.finance, headers: { [ORGANIZATION_HEADER]: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.status).toBe(404);
  });
});
