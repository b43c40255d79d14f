import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_CODE, WITHDRAW_ID } from '@eo/contract';
import type { TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { BCA, lastCode, moneyCalls, pastPaidEvent } from '../../../test/money.js';
import { runCli } from '../../cli.js';
import { DAY_MS } from './withdrawal-limits.js';
import { capEntries } from './withdrawal-limits.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

/**
 * Each request allows 5 codes, so without a cap across requests the code could be
 * brute-forced (25 guesses in 0.44 s). Wrong codes are capped per coin account (10) and per user
 * (20) over a rolling day, and so are requests per account (5).
 */
let t: TestApp;
let ids: Record<'org1' | 'org2' | 'admin', string>;
let tokens: { org1: string; org2: string; admin: string };
let api: ReturnType<typeof moneyCalls>;
const ORG1 = 'organizer@demo.id';

beforeAll(async () => {
  ({ t, ids, ...tokens } = await createTeamApp());
  api = moneyCalls(t);
});
afterAll(() => t.close());

async function ready(name: string) {
  const { id } = await pastPaidEvent(t.database.db, ids.org1, name, 3);
  const coinId = (await api.coin(id, tokens.org1)).body.data.result._id as string;
  expect((await api.saveBank(coinId, BCA, tokens.org1)).status).toBe(200);
  return { id, coinId };
}

/** One request answered with `wrong` wrong codes; returns the last answer. */
async function guess(coinId: string, wrong: number) {
  expect((await api.request(coinId, 20_000, tokens.org1)).status).toBe(201);
  const code = await lastCode(t.config.dataDir, ORG1);
  const bad = code === '000000' ? '111111' : '000000';
  let last;
  for (let i = 0; i < wrong; i++) last = await api.verify(coinId, bad, tokens.org1);
  return last!;
}
/** The open request's code lapses (as if the organizer walked away); the next read closes it. */
const lapse = (coinId: string) =>
  t.database.db.execute(`update withdrawals set code_expires_at = now() - interval '1 second' where status = 'unverified' and coin_account_id = '${coinId}'`);
const unlock = (coinId: string, token = tokens.admin) =>
  t.app.inject({ method: 'POST', url: `/v1/admin/coin-accounts/${coinId}/withdrawal-unlock`, headers: { authorization: `Bearer ${token}` } });

describe('withdrawal code caps', () => {
  it('10 wrong codes on one account in a day lock its withdrawals, even with the right code; an admin unlocks', async () => {
    const e = await ready('Tebak Kode');
    expect((await guess(e.coinId, WITHDRAW_CODE.maxAttempts)).body.messageId).toBe(WITHDRAW_ID.codeTooMany);
    // The second request: its fifth wrong code is the account's tenth of the day.
    const locked = await guess(e.coinId, WITHDRAW_CODE.maxAttempts);
    expect(locked.status).toBe(429);
    expect(locked.body.messageId).toBe(WITHDRAW_ID.locked);
    expect(locked.body.message).toMatch(/^Penarikan dikunci karena terlalu banyak kode verifikasi yang salah\. Coba lagi setelah \d{1,2} \w{3} \d{4} \d\d:\d\d WIB atau hubungi admin\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(DAY_MS / 1000 - 120);
    // The request is closed, its money back; no new request, and the page says why.
    const coin = (await api.coin(e.id, tokens.org1)).body.data.result;
    expect(coin.verification).toBeNull();
    expect(coin.withdrawalBlockedReason).toBe(locked.body.message);
    const again = await api.request(e.coinId, 20_000, tokens.org1);
    expect([again.status, again.body.messageId]).toEqual([429, WITHDRAW_ID.locked]);

    // Only a globalAdmin unlocks; the organizer then withdraws with the right code.
    expect((await unlock(e.coinId, tokens.org1)).statusCode).toBe(403);
    const lifted = await unlock(e.coinId);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data.result).toEqual({ eoCoinId: e.coinId, userId: ids.org1 });
    expect((await api.coin(e.id, tokens.org1)).body.data.result.withdrawalBlockedReason).toBeNull();
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    expect((await api.verify(e.coinId, await lastCode(t.config.dataDir, ORG1), tokens.org1)).status).toBe(200);
  });

  it('the lock ends by itself a day after the wrong codes', async () => {
    const e = await ready('Tebak Besok');
    await guess(e.coinId, WITHDRAW_CODE.maxAttempts);
    expect((await guess(e.coinId, WITHDRAW_CODE.maxAttempts)).status).toBe(429);
    const service = new WithdrawalsService(t.database.db, { send: async () => ({ messageId: '' }), close: () => undefined }, t.config.withdrawals);
    const lockedUntil = async (at: Date) => service.limits.lockedUntil(await capEntries(t.database.db, e.coinId, service.limits.capValues(ids.org1, at)), at);
    const until = await lockedUntil(new Date());
    expect(until).not.toBeNull();
    expect(await lockedUntil(new Date(until!.getTime() + 1000))).toBeNull();
    expect(await lockedUntil(new Date(Date.now() + DAY_MS + 60_000))).toBeNull();
    await unlock(e.coinId);
  });

  it('20 wrong codes of one user over several accounts lock the user\'s other accounts too', async () => {
    const [a, b, c] = [await ready('Akun A'), await ready('Akun B'), await ready('Akun C')];
    // 9 on each of A and B (under the account cap of 10), then 2 on C: the user's 20th locks.
    for (const acct of [a, b]) {
      await guess(acct.coinId, 5);
      await guess(acct.coinId, 4);
      await lapse(acct.coinId);
    }
    expect((await guess(c.coinId, 1)).status).toBe(400);
    const twentieth = await api.verify(c.coinId, '999999', tokens.org1);
    expect([twentieth.status, twentieth.body.messageId]).toEqual([429, WITHDRAW_ID.locked]);
    const other = await api.request(a.coinId, 20_000, tokens.org1);
    expect([other.status, other.body.messageId]).toEqual([429, WITHDRAW_ID.locked]);
    // A's page says so too (its own 9 are under the account's cap: the user's 20 lock it).
    expect((await api.coin(a.id, tokens.org1)).body.data.result.withdrawalBlockedReason).toBe(twentieth.body.message);
    // An unlock of one of the user's accounts lifts the user's lock (and that account's).
    expect((await unlock(c.coinId)).statusCode).toBe(200);
    expect((await api.request(a.coinId, 20_000, tokens.org1)).status).toBe(201);
    expect((await api.verify(a.coinId, await lastCode(t.config.dataDir, ORG1), tokens.org1)).status).toBe(200);
  });

  it('the CLI unlocks too', async () => {
    const e = await ready('Buka CLI');
    await guess(e.coinId, 5);
    expect((await guess(e.coinId, 5)).status).toBe(429);
    expect(await runCli(['withdrawal-unlock', '--coin', e.coinId], t.database.db)).toContain('unlocked');
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
  });
});

describe('withdrawal requests per account per day', () => {
  it('the sixth request of a day is refused with the time it opens again', async () => {
    const e = await ready('Sering Tarik');
    for (let i = 0; i < t.config.withdrawals.requestsPerDay; i++) {
      expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
      await lapse(e.coinId);
    }
    const refused = await api.request(e.coinId, 20_000, tokens.org1);
    expect(refused.status).toBe(429);
    expect(refused.body.messageId).toBe(WITHDRAW_ID.dailyLimit);
    expect(refused.body.message).toMatch(/^Batas 5 pengajuan penarikan per hari untuk event ini sudah tercapai\. Coba lagi setelah .+ WIB\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect((await api.coin(e.id, tokens.org1)).body.data.result.withdrawalBlockedReason).toBe(refused.body.message);
    // Other accounts are not affected.
    const other = await ready('Jarang Tarik');
    expect((await api.request(other.coinId, 20_000, tokens.org1)).status).toBe(201);
  });
});
