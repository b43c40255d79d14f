import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FEE_RUPIAH, WITHDRAW_CODE, WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG } from '@eo/contract';
import { events, moneyAudit, withdrawals } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import type { TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { BCA, lastCode, ledgerSum, moneyCalls, pastPaidEvent, TICKET_PRICE } from '../../../test/money.js';
import { call } from '../../../test/harness.js';
import { runCli } from '../../cli.js';
import { lockCoinAccount } from '../../lib/ledger.repository.js';

let t: TestApp;
let ids: Record<'org1' | 'org2' | 'admin', string>;
let tokens: { org1: string; org2: string; admin: string };
let api: ReturnType<typeof moneyCalls>;
const NET = TICKET_PRICE - PAYMENT_FEE_RUPIAH;
const ORG1 = 'organizer@demo.id';

beforeAll(async () => {
  ({ t, ids, ...tokens } = await createTeamApp());
  api = moneyCalls(t);
});
afterAll(() => t.close());

/** A past paid event of org1 with `sales` sold tickets, its coin id, and (optionally) BCA saved. */
async function ready(name: string, sales = 3, withBank = true) {
  const { id, transactionIds } = await pastPaidEvent(t.database.db, ids.org1, name, sales);
  const coin = (await api.coin(id, tokens.org1)).body.data.result;
  if (withBank) expect((await api.saveBank(coin._id, BCA, tokens.org1)).status).toBe(200);
  return { id, coinId: coin._id as string, transactionIds };
}
const withdrawalsOf = (eventId: string) => t.database.db.select().from(withdrawals).where(eq(withdrawals.eventId, eventId));
const auditOf = (coinId: string) => t.database.db.select().from(moneyAudit).where(eq(moneyAudit.coinAccountId, coinId)).orderBy(moneyAudit.createdAt);

describe('bank account', () => {
  it('checks every field with the spec texts', async () => {
    const { coinId } = await ready('Bank Rules', 1, false);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...BCA, bankCode: '' }, 'bankAccount.bankCode', WITHDRAW_MSG.bankRequired],
      [{ ...BCA, bankCode: '999' }, 'bankAccount.bankCode', WITHDRAW_MSG.bankRequired],
      [{ ...BCA, accountName: '' }, 'bankAccount.accountName', WITHDRAW_MSG.accountName],
      [{ ...BCA, accountName: 'Sari 2' }, 'bankAccount.accountName', WITHDRAW_MSG.accountName],
      [{ ...BCA, accountName: 'Sari.Dewi' }, 'bankAccount.accountName', WITHDRAW_MSG.accountName],
      [{ ...BCA, accountNumber: '' }, 'bankAccount.accountNumber', WITHDRAW_MSG.accountNumber],
      [{ ...BCA, accountNumber: '12-34' }, 'bankAccount.accountNumber', WITHDRAW_MSG.accountNumber],
      [{ ...BCA, accountNumber: '12345678901234567' }, 'bankAccount.accountNumber', WITHDRAW_MSG.accountNumber],
    ];
    for (const [bank, path, message] of cases) {
      const res = await api.saveBank(coinId, bank, tokens.org1);
      expect(res.status, JSON.stringify(bank)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    const ok = await api.saveBank(coinId, { ...BCA, accountNumber: '1234567890123456' }, tokens.org1);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.bankAccount).toEqual({ ...BCA, accountNumber: '1234567890123456' });
    const [row] = await auditOf(coinId);
    expect(row).toMatchObject({ action: 'bank_account_saved', actorId: ids.org1, detail: { bankCode: '014', accountNumberEnd: '3456' } });
  });
});

describe('bank account notice', () => {
  it('saving and changing the bank account mails the owner, with the number masked', async () => {
    const mailsTo = async (subject: string) => (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(ORG1) && m.subject === subject);
    const { coinId } = await ready('Rekening Berganti', 1, false);
    const subject = 'Rekening bank penarikan untuk event "Rekening Berganti" diubah';
    expect((await api.saveBank(coinId, BCA, tokens.org1)).status).toBe(200);
    let mails = await mailsTo(subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Rekening baru: BCA (Bank Central Asia) ****7890');
    expect(mails[0].text).not.toContain(BCA.accountNumber);
    expect(mails[0].text).not.toContain('Rekening sebelumnya');

    const changed = { bankCode: '008', accountName: 'Penipu', accountNumber: '9876543210001234' };
    expect((await api.saveBank(coinId, changed, tokens.org1)).status).toBe(200);
    mails = await mailsTo(subject);
    expect(mails).toHaveLength(2);
    const notice = mails.at(-1)!.text;
    expect(notice).toMatch(/diubah pada \d{1,2} \w{3} \d{4} \d\d:\d\d WIB oleh Organizer Satu <organizer@demo\.id>/);
    expect(notice).toContain('****1234 a.n. Penipu');
    expect(notice).toContain('Rekening sebelumnya: BCA (Bank Central Asia) ****7890');
    expect(notice).not.toContain(changed.accountNumber);
    // A refused save (validation) tells nobody.
    expect((await api.saveBank(coinId, { ...BCA, accountNumber: 'x' }, tokens.org1)).status).toBe(400);
    expect(await mailsTo(subject)).toHaveLength(2);
  });
});

describe('saved bank accounts', () => {
  it('lists the caller\'s saved accounts masked, one per number, and saves one on another event without its number', async () => {
    const saved = (token: string) => call(t.app, { method: 'GET', url: '/v1/transactions/eo/bank-accounts', token });
    const first = await ready('Tersimpan Satu', 1);
    const second = await ready('Tersimpan Dua', 1, false);
    const docs = (await saved(tokens.org1)).body.data.docs as { fromEoCoinId: string; accountNumberMasked: string }[];
    const mine = docs.find((d) => d.fromEoCoinId === first.coinId)!;
    expect(mine).toEqual({ fromEoCoinId: first.coinId, bankCode: BCA.bankCode, accountName: BCA.accountName, accountNumberMasked: '****7890' });
    expect(JSON.stringify(docs)).not.toContain(BCA.accountNumber);
    // One entry per account, however many events use it.
    expect(docs.filter((d) => d.accountNumberMasked === '****7890' && (d as unknown as typeof BCA).accountName === BCA.accountName)).toHaveLength(1);

    const picked = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org1, payload: { eoCoinId: second.coinId, fromEoCoinId: first.coinId } });
    expect(picked.status).toBe(200);
    expect(picked.body.data.result.bankAccount).toEqual(BCA);
    // Another organizer sees none of it and cannot copy it.
    expect(JSON.stringify((await saved(tokens.org2)).body)).not.toContain(first.coinId);
    const org2Event = await pastPaidEvent(t.database.db, ids.org2, 'Punya Org2', 1);
    const org2Coin = (await api.coin(org2Event.id, tokens.org2)).body.data.result._id;
    const stolen = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org2, payload: { eoCoinId: org2Coin, fromEoCoinId: first.coinId } });
    expect(stolen.status).toBe(404);
    // One of the caller's own coin accounts with nothing saved on it: 400, saying so.
    const bare = await ready('Tanpa Rekening', 1, false);
    const empty = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org1, payload: { eoCoinId: second.coinId, fromEoCoinId: bare.coinId } });
    expect([empty.status, empty.body.message]).toEqual([400, WITHDRAW_OWN_MSG.noSavedBank]);
    // Neither source: 400; both: the saved one is used.
    expect((await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org1, payload: { eoCoinId: second.coinId } })).status).toBe(400);
    const both = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org1, payload: { eoCoinId: second.coinId, fromEoCoinId: first.coinId, bankAccount: { ...BCA, accountNumber: '999' } } });
    expect(both.body.data.result.bankAccount).toEqual(BCA);
  });

  it('says which event list the event is in, for the breadcrumb', async () => {
    const past = await ready('Daftar Riwayat', 1, false);
    expect((await api.coin(past.id, tokens.org1)).body.data.result.eventList).toBe('history');
    const future = await createEvent(t.database.db, ids.org1, simpleEvent('Daftar Aktif', { days: 10, price: TICKET_PRICE }));
    expect((await api.coin(future, tokens.org1)).body.data.result.eventList).toBe('active');
  });
});

describe('withdrawal rules', () => {
  it('refuses events that are not over, free internal, deleted; amounts below the minimum or above the balance; no bank account', async () => {
    const db = t.database.db;
    const future = await createEvent(db, ids.org1, simpleEvent('Masih Jalan', { days: 10, price: TICKET_PRICE }));
    await registerMany(db, future, 1, new Date());
    const free = await createEvent(db, ids.org1, simpleEvent('Gratis Lalu', { days: -3 }));
    const coinOf = async (id: string) => (await api.coin(id, tokens.org1)).body.data.result;
    for (const [eventId, message] of [[future, WITHDRAW_MSG.notOver], [free, WITHDRAW_MSG.freeInternal]] as const) {
      const coin = await coinOf(eventId);
      expect(coin.withdrawalBlockedReason).toBe(message);
      await api.saveBank(coin._id, BCA, tokens.org1);
      const res = await api.request(coin._id, 20_000, tokens.org1);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }

    const noBank = await ready('Tanpa Rekening', 1, false);
    expect((await api.request(noBank.coinId, 20_000, tokens.org1)).body.message).toBe(WITHDRAW_OWN_MSG.noBankAccount);

    const e = await ready('Batas Jumlah', 1);
    const low = await api.request(e.coinId, 14_999, tokens.org1);
    expect(low.status).toBe(400);
    expect(low.body.errors).toContainEqual({ path: 'amount', message: WITHDRAW_MSG.serverMin });
    const high = await api.request(e.coinId, NET + 1, tokens.org1);
    expect([high.status, high.body.message]).toEqual([400, WITHDRAW_OWN_MSG.aboveBalance]);

    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, e.id));
    expect((await coinOf(e.id)).withdrawalBlockedReason).toBe(WITHDRAW_MSG.deleted);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).body.message).toBe(WITHDRAW_MSG.deleted);
    expect(await withdrawalsOf(e.id)).toEqual([]);
  });
});

describe('the full flow', () => {
  it('request → code by mail → verify → admin sent; receipt, history, audit and ledger agree', async () => {
    const e = await ready('Lomba Selesai', 3);
    const res = await api.request(e.coinId, 100_000, tokens.org1, 'key-full-flow-1');
    expect(res.status).toBe(201);
    expect(res.body.messageId).toBe(WITHDRAW_ID.codeSent);
    expect(res.body.data.result).toMatchObject({ amount: 100_000, email: 'o***r@demo.id', attemptsLeft: WITHDRAW_CODE.maxAttempts });
    const ref = res.body.data.result.referenceId;
    const mail = (await readOutbox(t.config.dataDir)).at(-1)!;
    expect(mail).toMatchObject({ to: ORG1, subject: expect.stringContaining(ref) });

    let coin = (await api.coin(e.id, tokens.org1)).body.data.result;
    expect(coin).toMatchObject({ coinAmount: 3 * NET - 100_000, status: 'Processing', withdrawalBlockedReason: WITHDRAW_OWN_MSG.pending, verification: { referenceId: ref } });
    // Bank account edits wait while a withdrawal is open.
    const edit = await api.saveBank(e.coinId, BCA, tokens.org1);
    expect([edit.status, edit.body.message]).toEqual([409, WITHDRAW_MSG.editBlocked]);
    expect((await api.request(e.coinId, 15_000, tokens.org1)).status).toBe(409);

    const code = await lastCode(t.config.dataDir, ORG1);
    const wrong = await api.verify(e.coinId, code === '000000' ? '111111' : '000000', tokens.org1);
    expect([wrong.status, wrong.body.messageId, wrong.body.message]).toEqual([400, WITHDRAW_ID.codeWrong, 'Kode verifikasi salah. Sisa percobaan: 4']);
    const ok = await api.verify(e.coinId, code, tokens.org1);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(WITHDRAW_MSG.success);
    expect(ok.body.data.result).toMatchObject({ referenceId: ref, status: 'pending', amount: 100_000, bankAccount: { bankName: 'BCA (Bank Central Asia)' } });
    // The code is spent.
    expect((await api.verify(e.coinId, code, tokens.org1)).status).toBe(409);

    expect((await api.setStatus(ref, 'sent', tokens.org1)).status).toBe(403);
    const sent = await api.setStatus(ref, 'sent', tokens.admin);
    expect(sent.status).toBe(200);
    expect((await api.setStatus(ref, 'failed', tokens.admin)).status).toBe(409);

    coin = (await api.coin(e.id, tokens.org1)).body.data.result;
    expect(coin).toMatchObject({ coinAmount: 3 * NET - 100_000, status: 'Not Processed', verification: null, withdrawalBlockedReason: null });
    expect(await ledgerSum(t.database.db, e.id)).toBe(coin.coinAmount);

    const history = await api.history(`eventId=${e.id}&activityType=receive&eventCreator=${ORG1}`, tokens.org1);
    expect(history.body.data).toMatchObject({ totalDocs: 1, docs: [{ referenceId: ref, amount: 100_000, status: 'sent', withdrawDetail: { eventName: 'Lomba Selesai', status: 'sent', eoCoinId: { _id: e.coinId, eventId: e.id } } }] });
    expect(history.body.data.docs[0].withdrawDetail.sentAt).not.toBeNull();

    const receipt = await api.receipt(ref, tokens.org1);
    expect(receipt.body.data.result).toMatchObject({
      referenceId: ref, amount: 100_000, status: 'sent', totalSales: 3 * TICKET_PRICE, paymentFee: 3 * PAYMENT_FEE_RUPIAH, totalCleanReception: 3 * NET,
      bankAccount: { bankName: 'BCA (Bank Central Asia)', accountNumber: BCA.accountNumber, accountName: BCA.accountName },
    });
    expect((await api.receipt(history.body.data.docs[0]._id, tokens.org1)).body.data.result.referenceId).toBe(ref);

    expect((await auditOf(e.coinId)).map((a) => a.action)).toEqual([
      'bank_account_saved', 'withdrawal_requested', 'withdrawal_code_rejected', 'withdrawal_verified', 'withdrawal_sent',
    ]);
    await expect(t.database.db.update(moneyAudit).set({ action: 'x' }).where(eq(moneyAudit.coinAccountId, e.coinId))).rejects.toThrow();
    await expect(t.database.db.delete(moneyAudit).where(eq(moneyAudit.coinAccountId, e.coinId))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate money_audit`)).rejects.toThrow();

    // The rest can be withdrawn again, and 'failed' gives the amount back.
    const again = await api.request(e.coinId, coin.coinAmount, tokens.org1);
    expect(again.status).toBe(201);
    expect((await api.verify(e.coinId, await lastCode(t.config.dataDir, ORG1), tokens.org1)).status).toBe(200);
    expect((await api.coin(e.id, tokens.org1)).body.data.result.coinAmount).toBe(0);
    expect(await runCli(['withdrawal-status', '--reference', again.body.data.result.referenceId, '--status', 'failed'], t.database.db)).toContain('failed');
    expect((await api.coin(e.id, tokens.org1)).body.data.result).toMatchObject({ coinAmount: coin.coinAmount, status: 'Not Processed' });
    expect(await ledgerSum(t.database.db, e.id)).toBe(coin.coinAmount);
  });
});

describe('the verification code', () => {
  it('expires after 10 minutes and releases the reservation', async () => {
    const e = await ready('Kode Lewat', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    const code = await lastCode(t.config.dataDir, ORG1);
    await t.database.db.update(withdrawals).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(withdrawals.eventId, e.id));
    const res = await api.verify(e.coinId, code, tokens.org1);
    expect([res.status, res.body.messageId, res.body.message]).toEqual([409, WITHDRAW_ID.codeExpired, WITHDRAW_OWN_MSG.codeExpired]);
    expect((await withdrawalsOf(e.id))[0].status).toBe('expired');
    expect((await api.coin(e.id, tokens.org1)).body.data.result).toMatchObject({ coinAmount: NET, status: 'Not Processed' });
  });

  it('a money list read closes the lapsed requests first: the history shows it expired, the event is open for withdrawal again', async () => {
    const lapseOf = (eventId: string) => t.database.db.update(withdrawals).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(withdrawals.eventId, eventId));
    const listed = async (eventId: string, token = tokens.org1) => (await api.available(token)).body.data.docs.some((d: { _id: string }) => d._id === eventId);
    const e = await ready('Daftar Kedaluwarsa', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    expect(await listed(e.id)).toBe(false);
    await lapseOf(e.id);
    // The history's page carries the request: it is closed before the page is read.
    const history = (await api.history(`eventId=${e.id}`, tokens.org1)).body.data.docs;
    expect(history.map((w: { status: string }) => w.status)).toEqual(['expired']);
    expect((await withdrawalsOf(e.id))[0].status).toBe('expired');
    // The payout drawer: a page with no row of the request's event (it was not open) still sweeps.
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    await lapseOf(e.id);
    expect(await listed(e.id)).toBe(true);
    expect(await ledgerSum(t.database.db, e.id)).toBe(NET);
    // Another organization's lapsed request is swept by nobody's list but its own (or the schedule).
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    await lapseOf(e.id);
    expect((await api.available(tokens.org2)).status).toBe(200);
    expect((await withdrawalsOf(e.id)).map((w) => w.status).sort()).toEqual(['expired', 'expired', 'unverified']);
    expect(await listed(e.id)).toBe(true);
  });

  it('a lapsed request is released by the sweep even when nobody calls', async () => {
    const e = await ready('Sapu Bersih', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    await t.database.db.update(withdrawals).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(withdrawals.eventId, e.id));
    const { WithdrawalsService } = await import('./withdrawals.service.js');
    expect(await new WithdrawalsService(t.database.db, { send: async () => ({ messageId: '' }), close: () => undefined }, t.config.withdrawals).expireLapsed()).toBeGreaterThanOrEqual(1);
    expect(await ledgerSum(t.database.db, e.id)).toBe(NET);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('the sweep takes the account before the request, as a verification does, so the two never deadlock', async () => {
    const e = await ready('Urutan Kunci', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    await t.database.db.update(withdrawals).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(withdrawals.eventId, e.id));
    const [w] = await withdrawalsOf(e.id);
    const { WithdrawalsService } = await import('./withdrawals.service.js');
    const service = new WithdrawalsService(t.database.db, { send: async () => ({ messageId: '' }), close: () => undefined }, t.config.withdrawals);
    let sweep: Promise<number> | undefined;
    await t.database.db.transaction(async (tx) => {
      await lockCoinAccount(tx, e.id); // a verification holds the account…
      sweep = service.expireLapsed();
      // …the sweep waits for it…
      for (let i = 0; i < 100; i++) {
        const waiting = await t.database.db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if ((waiting as unknown as { rows: unknown[] }).rows.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // …holding nothing the verification needs next (the old order held the request here).
      const mine = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, w.id)).for('update', { noWait: true });
      expect(mine).toHaveLength(1);
    });
    expect(await sweep).toBe(1);
    expect((await withdrawalsOf(e.id))[0].status).toBe('expired');
    expect(await ledgerSum(t.database.db, e.id)).toBe(NET);
  });

  it('five wrong codes close the request', async () => {
    const e = await ready('Salah Terus', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    const code = await lastCode(t.config.dataDir, ORG1);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let left = WITHDRAW_CODE.maxAttempts - 1; left > 0; left--) {
      expect((await api.verify(e.coinId, wrong, tokens.org1)).body.message).toBe(`Kode verifikasi salah. Sisa percobaan: ${left}`);
    }
    const last = await api.verify(e.coinId, wrong, tokens.org1);
    expect([last.status, last.body.messageId, last.body.message]).toEqual([409, WITHDRAW_ID.codeTooMany, WITHDRAW_OWN_MSG.codeTooMany]);
    // Even the right code is useless now; the money is back.
    expect((await api.verify(e.coinId, code, tokens.org1)).status).toBe(409);
    expect((await api.coin(e.id, tokens.org1)).body.data.result.coinAmount).toBe(NET);
  });

  it('resend waits 60 s, then mails a new code and the old one stops working', async () => {
    const e = await ready('Kirim Ulang', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    const first = await lastCode(t.config.dataDir, ORG1);
    const soon = await api.resend(e.coinId, tokens.org1);
    expect(soon.status).toBe(429);
    expect(soon.body.messageId).toBe(WITHDRAW_ID.resendWait);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(55);
    await t.database.db.update(withdrawals).set({ codeSentAt: new Date(Date.now() - 61_000) }).where(eq(withdrawals.eventId, e.id));
    const again = await api.resend(e.coinId, tokens.org1);
    expect([again.status, again.body.messageId]).toEqual([200, WITHDRAW_ID.codeSent]);
    const second = await lastCode(t.config.dataDir, ORG1);
    if (first !== second) expect((await api.verify(e.coinId, first, tokens.org1)).status).toBe(400);
    expect((await api.verify(e.coinId, second, tokens.org1)).status).toBe(200);
  });

  it('a code that is not 6 digits is refused before it counts', async () => {
    const e = await ready('Format Kode', 1);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    const res = await api.verify(e.coinId, '12a456', tokens.org1);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'code', message: WITHDRAW_OWN_MSG.codeFormat });
    expect((await withdrawalsOf(e.id))[0].codeAttempts).toBe(0);
  });
});

describe('races and repeats', () => {
  it('50 simultaneous requests reserve exactly once; the balance never goes below zero', async () => {
    const e = await ready('Serbu Tarik', 2);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.request(e.coinId, 2 * NET - (i % 3), tokens.org1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await withdrawalsOf(e.id)).toHaveLength(1);
    const coin = (await api.coin(e.id, tokens.org1)).body.data.result;
    expect(coin.coinAmount).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.database.db, e.id)).toBe(coin.coinAmount);
  });

  it('the same Idempotency-Key, twice or at once, gives one withdrawal and the first answer', async () => {
    const e = await ready('Kunci Sama', 2);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => api.request(e.coinId, 30_000, tokens.org1, 'same-key-123456')));
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    const later = await api.request(e.coinId, 30_000, tokens.org1, 'same-key-123456');
    expect(later.body).toEqual(a.body);
    expect(await withdrawalsOf(e.id)).toHaveLength(1);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.subject.includes(a.body.data.result.referenceId))).toHaveLength(1);
    const other = await api.request(e.coinId, 40_000, tokens.org1, 'same-key-123456');
    expect(other.status).toBe(422);
  });

  it('a refund during an open withdrawal keeps balance and ledger equal', async () => {
    const e = await ready('Refund Tengah', 3);
    const req = await api.request(e.coinId, 2 * NET, tokens.org1);
    expect(req.status).toBe(201);
    const platform = new PlatformService(t.database.db);
    await Promise.all([platform.refund(e.transactionIds[0]), api.verify(e.coinId, await lastCode(t.config.dataDir, ORG1), tokens.org1)]);
    const coin = (await api.coin(e.id, tokens.org1)).body.data.result;
    expect(coin.coinAmount).toBe(3 * NET - 2 * NET - TICKET_PRICE + PAYMENT_FEE_RUPIAH);
    expect(await ledgerSum(t.database.db, e.id)).toBe(coin.coinAmount);
    expect((await api.setStatus(req.body.data.result.referenceId, 'failed', tokens.admin)).status).toBe(200);
    expect((await api.coin(e.id, tokens.org1)).body.data.result.coinAmount).toBe(2 * NET);
    expect(await ledgerSum(t.database.db, e.id)).toBe(2 * NET);
  });
});

describe('lists and ownership', () => {
  it('available-withdrawal lists past events with at least Rp15.000 and nothing open', async () => {
    const e = await ready('Siap Tarik', 1);
    const small = await ready('Terlalu Kecil', 0);
    const names = async (token: string) => (await api.available(token)).body.data.docs.map((d: { name: string }) => d.name);
    expect(await names(tokens.org1)).toContain('Siap Tarik');
    expect(await names(tokens.org1)).not.toContain('Terlalu Kecil');
    const doc = (await api.available(tokens.org1)).body.data.docs.find((d: { name: string }) => d.name === 'Siap Tarik');
    expect(doc).toMatchObject({ _id: e.id, eoCoinId: e.coinId, coinAmount: NET });
    expect(await names(tokens.org2)).not.toContain('Siap Tarik');
    // A globalAdmin's list is the platform's (its own statement): the same row.
    expect((await api.available(tokens.admin)).body.data.docs.find((d: { name: string }) => d.name === 'Siap Tarik')).toEqual(doc);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    expect(await names(tokens.org1)).not.toContain('Siap Tarik');
    expect(small.coinId).toBeTruthy();
  });

  it('available-withdrawal orders by balance either way and counts past its last page', async () => {
    const made = [await ready('Saldo Satu', 1), await ready('Saldo Tiga', 3), await ready('Saldo Dua', 2)];
    type Doc = { _id: string; coinAmount: number };
    const page = async (query: string) => (await api.available(tokens.org1, query)).body.data as { docs: Doc[]; totalDocs: number };
    const desc = await page('limit=100&sortParam=coinAmount&sortBy=desc');
    const amounts = desc.docs.map((d) => d.coinAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(desc.docs.filter((d) => made.some((m) => m.id === d._id)).map((d) => d.coinAmount)).toEqual([3 * NET, 2 * NET, NET]);
    // Ascending is the same order reversed (ties broken by id, the other way too).
    expect((await page('limit=100&sortParam=coinAmount&sortBy=asc')).docs.map((d) => d._id)).toEqual(desc.docs.map((d) => d._id).reverse());
    expect(desc.totalDocs).toBe(desc.docs.length);
    // A page past the last has no row to carry the total: it is counted apart, the same.
    expect(await page(`limit=2&page=${Math.ceil(desc.totalDocs / 2) + 1}`)).toMatchObject({ docs: [], totalDocs: desc.totalDocs });
  });

  it('every call on another organizer\'s money answers 404 (lists show nothing of it)', async () => {
    const e = await ready('Punya Orang', 2);
    const req = await api.request(e.coinId, 20_000, tokens.org1);
    const ref = req.body.data.result.referenceId;
    const o2 = tokens.org2;
    expect((await api.coin(e.id, o2)).status).toBe(404);
    expect((await api.saveBank(e.coinId, BCA, o2)).status).toBe(404);
    expect((await api.request(e.coinId, 20_000, o2)).status).toBe(404);
    expect((await api.verify(e.coinId, '123456', o2)).status).toBe(404);
    expect((await api.resend(e.coinId, o2)).status).toBe(404);
    expect((await api.receipt(ref, o2)).status).toBe(404);
    expect((await api.history(`eventId=${e.id}`, o2)).body.data).toMatchObject({ docs: [], totalDocs: 0 });
    expect((await api.history(`eventCreator=${ORG1}`, o2)).body.data.docs.map((d: { referenceId: string }) => d.referenceId)).not.toContain(ref);
    // A globalAdmin sees it (the history in the platform's shape, filtered by event or not) but cannot move the organizer's money.
    const own = (await api.history(`eventId=${e.id}`, tokens.org1)).body.data;
    expect(own.totalDocs).toBe(1);
    expect((await api.history(`eventId=${e.id}`, tokens.admin)).body.data).toEqual(own);
    expect((await api.history('limit=100', tokens.admin)).body.data.docs.map((d: { referenceId: string }) => d.referenceId)).toContain(ref);
    expect((await api.coin(e.id, tokens.admin)).body.data.result).toMatchObject({ _id: e.coinId, verification: null });
    expect((await api.receipt(ref, tokens.admin)).status).toBe(200);
    expect((await api.request(e.coinId, 20_000, tokens.admin)).status).toBe(404);
    expect((await api.coin('not-a-uuid', tokens.org1)).status).toBe(404);
    expect((await api.receipt('WD-NOPE', tokens.org1)).status).toBe(404);
  });
});
