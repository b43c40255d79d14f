import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FEE_RUPIAH } from '@eo/contract';
import type { TestApp } from '../../../test/harness.js';
import { createTeamApp, registerMany } from '../../../test/fixtures.js';
import { BCA, moneyCalls, pastPaidEvent, TICKET_PRICE } from '../../../test/money.js';
import { compactCounters } from '../sales/compact-counters.job.js';
import { payoutsVersion } from '../../lib/read-versions.js';

/**
 * The payout drawer is remembered per organization while its payouts version stands (migration
 * 0041, lib/read-versions) and until the next instant time alone changes it. Every change it
 * shows, made here in plain SQL after a read (so only the triggers can have moved the version),
 * must show on the next read; what it does not show moves nothing.
 */
let t: TestApp;
let ids: Record<'org1' | 'org2' | 'admin', string>;
let tokens: { org1: string; org2: string; admin: string };
let api: ReturnType<typeof moneyCalls>;
let org1Id: string;
const NET = TICKET_PRICE - PAYMENT_FEE_RUPIAH;

beforeAll(async () => {
  ({ t, ids, ...tokens } = await createTeamApp());
  api = moneyCalls(t);
  const [row] = await rows(sql`select organization_id from events where id = ${(await ready('Penentu Organisasi', 0)).id}::uuid`);
  org1Id = row.organization_id;
}, 60_000);
afterAll(() => t?.close());

const rows = async (q: ReturnType<typeof sql>) => t.database.db.execute(q).then((r: any) => (r.rows ?? r) as any[]);
const version = () => payoutsVersion(t.database.db, org1Id);

async function ready(name: string, sales = 1) {
  const { id } = await pastPaidEvent(t.database.db, ids.org1, name, sales);
  const coin = (await api.coin(id, tokens.org1)).body.data.result;
  return { id, coinId: coin._id as string };
}

type Doc = { _id: string; name: string; imageUrl: string | null; coinAmount: number; eoCoinId: string };
async function drawer(token = tokens.org1) {
  const res = await api.available(token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.docs as Doc[];
}
const docOf = async (id: string) => (await drawer()).find((d) => d._id === id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the remembered payout drawer', () => {
  it('shows a sale, a ledger entry, an edit, an image, a draft, a deletion and a withdrawal on the next read', async () => {
    const e = await ready('Laci Satu');
    expect(await docOf(e.id)).toMatchObject({ name: 'Laci Satu', coinAmount: NET });

    await registerMany(t.database.db, e.id, 1, new Date(Date.now() - 4 * 86_400_000), 'laci-');
    expect(await docOf(e.id)).toMatchObject({ coinAmount: 2 * NET });

    await rows(sql`insert into ledger_entries (coin_account_id, event_id, kind, amount) values (${e.coinId}::uuid, ${e.id}::uuid, 'fee_refund', 1000)`);
    expect(await docOf(e.id)).toMatchObject({ coinAmount: 2 * NET + 1000 });

    await rows(sql`update events set name = 'Laci Diganti' where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toMatchObject({ name: 'Laci Diganti' });

    await rows(sql`update events set image_url = '/uploads/laci.png' where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toMatchObject({ imageUrl: '/uploads/laci.png' });

    await rows(sql`update events set is_draft = true where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeUndefined();
    await rows(sql`update events set is_draft = false where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeDefined();

    await rows(sql`update events set last_event_at = now() + interval '1 day' where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeUndefined();
    await rows(sql`update events set last_event_at = now() - interval '1 day' where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeDefined();

    // A request through the API hides it; the admin failing it (here in SQL) brings it back.
    expect((await api.saveBank(e.coinId, BCA, tokens.org1)).status).toBe(200);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    expect(await docOf(e.id)).toBeUndefined();
    await rows(sql`update withdrawals set status = 'failed' where event_id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeDefined();

    await rows(sql`update events set deleted_at = now() where id = ${e.id}::uuid`);
    expect(await docOf(e.id)).toBeUndefined();
  });

  it('keeps its version through what it does not show, another organization and compaction', async () => {
    const e = await ready('Laci Tetap');
    await drawer();
    const before = await version();
    await rows(sql`update events set description = 'Deskripsi baru' where id = ${e.id}::uuid`);
    await rows(sql`update registrants set name = 'Nama Lain' where event_id = ${e.id}::uuid`);
    const other = await pastPaidEvent(t.database.db, ids.org2, 'Laci Orang Lain', 1);
    await api.coin(other.id, tokens.org2);
    expect(await version()).toBe(before);
    // Folding the delta rows keeps the sum, so the drawer stays remembered.
    await compactCounters(t.database.db);
    expect(await version()).toBe(before);
    const [{ n }] = await rows(sql`select count(*)::int as n from organization_counters where organization_id = ${org1Id}::uuid`);
    expect(n).toBe(1);
    // A coin account's bank saved moves it (the coin account read shows it).
    expect((await api.saveBank(e.coinId, BCA, tokens.org1)).status).toBe(200);
    expect(await version()).not.toBe(before);
  });

  it('lists an event once its last date passes and reopens one once its code lapses, with nothing written', async () => {
    const soon = await ready('Laci Segera');
    const held = await ready('Laci Tertahan');
    expect((await api.saveBank(held.coinId, BCA, tokens.org1)).status).toBe(200);
    expect((await api.request(held.coinId, 20_000, tokens.org1)).status).toBe(201);
    // Both instants a little ahead, then a read remembered before them.
    await rows(sql`update events set last_event_at = now() + interval '1500 milliseconds' where id = ${soon.id}::uuid`);
    await rows(sql`update withdrawals set code_expires_at = now() + interval '1500 milliseconds' where event_id = ${held.id}::uuid`);
    const before = await drawer();
    expect(before.map((d) => d._id)).not.toContain(soon.id);
    expect(before.map((d) => d._id)).not.toContain(held.id);
    const v = await version();
    await sleep(1_700);
    expect(await version()).toBe(v);
    const after = (await drawer()).map((d) => d._id);
    expect(after).toContain(soon.id);
    expect(after).toContain(held.id);
    const [w] = await rows(sql`select status from withdrawals where event_id = ${held.id}::uuid`);
    expect(w.status).not.toBe('unverified');
  });

  it('keeps the withdrawal history the same way: a status, an event name, a lapsed code', async () => {
    const e = await ready('Riwayat Tarik');
    expect((await api.saveBank(e.coinId, BCA, tokens.org1)).status).toBe(200);
    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    type W = { status: string; withdrawDetail: { eventName: string } };
    const mine = async () => {
      const res = await api.history(`eventId=${e.id}`, tokens.org1);
      expect(res.status).toBe(200);
      return res.body.data.docs as W[];
    };
    expect(await mine()).toMatchObject([{ status: 'unverified', withdrawDetail: { eventName: 'Riwayat Tarik' } }]);
    await rows(sql`update events set name = 'Riwayat Diganti' where id = ${e.id}::uuid`);
    expect(await mine()).toMatchObject([{ withdrawDetail: { eventName: 'Riwayat Diganti' } }]);
    // Its code lapses a little ahead: the next read after it closes the request, nothing written before.
    await rows(sql`update withdrawals set code_expires_at = now() + interval '1500 milliseconds' where event_id = ${e.id}::uuid`);
    expect(await mine()).toMatchObject([{ status: 'unverified' }]);
    await sleep(1_700);
    expect((await mine())[0].status).not.toBe('unverified');
    await rows(sql`update withdrawals set status = 'failed' where event_id = ${e.id}::uuid`);
    expect(await mine()).toMatchObject([{ status: 'failed' }]);
  });

  it('is remembered per organization: another organizer and the admin read their own', async () => {
    const e = await ready('Laci Milik Sendiri');
    expect((await drawer()).map((d) => d._id)).toContain(e.id);
    expect((await drawer(tokens.org2)).map((d) => d._id)).not.toContain(e.id);
    expect((await drawer(tokens.admin)).map((d) => d._id)).toContain(e.id);
  });
});

type Coin = { _id: string; coinAmount: number; eventList: string; bankAccount: { accountName: string } | null; withdrawalBlockedReason: string | null; verification: unknown };
async function coinOf(eventId: string, token = tokens.org1) {
  const res = await api.coin(eventId, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.result as Coin;
}
const rejectedCodes = (n: number, coinId: string, actorId: string, createdAt: ReturnType<typeof sql>) => rows(sql`
  insert into money_audit (action, actor_id, coin_account_id, created_at)
  select 'withdrawal_code_rejected', ${actorId}::uuid, ${coinId}::uuid, ${createdAt} from generate_series(1, ${n})`);

describe('the remembered coin account', () => {
  it('shows a sale, a bank account, an event edit and a request on the next read', async () => {
    const e = await ready('Akun Diingat');
    expect(await coinOf(e.id)).toMatchObject({ coinAmount: NET, bankAccount: null, eventList: 'history', withdrawalBlockedReason: null });

    await rows(sql`insert into ledger_entries (coin_account_id, event_id, kind, amount) values (${e.coinId}::uuid, ${e.id}::uuid, 'fee_refund', 500)`);
    expect(await coinOf(e.id)).toMatchObject({ coinAmount: NET + 500 });

    await rows(sql`update coin_accounts set bank_code = '014', bank_account_name = 'Sari Dewi', bank_account_number = '1234567890' where id = ${e.coinId}::uuid`);
    expect((await coinOf(e.id)).bankAccount).toMatchObject({ accountName: 'Sari Dewi' });

    await rows(sql`update events set last_event_at = now() + interval '1 day' where id = ${e.id}::uuid`);
    expect(await coinOf(e.id)).toMatchObject({ eventList: 'active', withdrawalBlockedReason: expect.any(String) });
    await rows(sql`update events set last_event_at = now() - interval '1 day' where id = ${e.id}::uuid`);
    expect(await coinOf(e.id)).toMatchObject({ eventList: 'history', withdrawalBlockedReason: null });

    expect((await api.request(e.coinId, 20_000, tokens.org1)).status).toBe(201);
    const requested = await coinOf(e.id);
    expect(requested).toMatchObject({ status: 'Processing', verification: { amount: 20_000, attemptsLeft: 5 } });
    await rows(sql`update withdrawals set code_attempts = 2 where event_id = ${e.id}::uuid`);
    expect((await coinOf(e.id)).verification).toMatchObject({ attemptsLeft: 3 });
    // A globalAdmin (read apart, nothing kept) sees the request, not its code step.
    expect((await coinOf(e.id, tokens.admin)).verification).toBeNull();
  });

  it('lifts a cap once its entry is a day old, with nothing written', async () => {
    const e = await ready('Akun Terkunci Sebentar');
    const cap = t.config.withdrawals.codeFailuresPerAccount;
    await rejectedCodes(cap, e.coinId, ids.org2, sql`now() - interval '1 day' + interval '1500 milliseconds'`);
    expect((await coinOf(e.id)).withdrawalBlockedReason).toMatch(/./);
    const v = await version();
    await sleep(1_700);
    expect(await version()).toBe(v);
    expect((await coinOf(e.id)).withdrawalBlockedReason).toBeNull();
  });

  it("shows a lock made by the member's wrong codes on another organization's account", async () => {
    const e = await ready('Akun Member Sama');
    expect((await coinOf(e.id)).withdrawalBlockedReason).toBeNull();
    const elsewhere = await pastPaidEvent(t.database.db, ids.org2, 'Akun Organisasi Lain', 1);
    const coin2 = (await api.coin(elsewhere.id, tokens.org2)).body.data.result._id as string;
    const before = await version();
    await rejectedCodes(t.config.withdrawals.codeFailuresPerUser, coin2, ids.org1, sql`now()`);
    expect(await version()).not.toBe(before);
    expect((await coinOf(e.id)).withdrawalBlockedReason).toMatch(/./);
  });
});
