import { eq } from 'drizzle-orm';
import { readOutbox } from '../src/lib/mailer.js';
import { ledgerEntries } from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import { call, type TestApp } from './harness.js';
import { createEvent, registerMany, simpleEvent } from './fixtures.js';

export const TICKET_PRICE = 50_000;
const DAY = 86_400_000;

/** A paid event that ended `daysAgo` days ago with `sales` confirmed tickets sold before it. */
export async function pastPaidEvent(db: Db, creatorId: string, name: string, sales: number, daysAgo = 2) {
  const fixture = simpleEvent(name, { days: -daysAgo, price: TICKET_PRICE });
  const id = await createEvent(db, creatorId, fixture);
  const sold = await registerMany(db, id, sales, new Date(fixture.eventDay - 2 * DAY), `${name.replace(/\W/g, '').toLowerCase()}-`);
  return { id, transactionIds: sold.map((s) => s.transactionId!) };
}

export const ledgerSum = async (db: Db, eventId: string) =>
  (await db.select().from(ledgerEntries).where(eq(ledgerEntries.eventId, eventId))).reduce((s, e) => s + e.amount, 0);

/** The organizer's side of the withdrawal calls, as the web app makes them. */
export function moneyCalls(t: TestApp) {
  return {
    coin: (eventId: string, token: string) => call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${eventId}`, token }),
    saveBank: (eoCoinId: string, bankAccount: Record<string, unknown>, token: string) =>
      call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token, payload: { eoCoinId, bankAccount } }),
    request: (eoCoinId: string, amount: number, token: string, key?: string) => call(t.app, {
      method: 'POST', url: '/v1/transactions/eo/coin/withdrawal', token, payload: { amount, withdrawDetail: { eoCoinId } },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    }),
    verify: (eoCoinId: string, code: string, token: string) =>
      call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal/verif', token, payload: { code, eoCoinId } }),
    resend: (eoCoinId: string, token: string) =>
      call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal/resend', token, payload: { eoCoinId } }),
    history: (query: string, token: string) => call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin/withdrawal?${query}`, token }),
    receipt: (ref: string, token: string) => call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin/withdrawal/receipt?transactionId=${ref}`, token }),
    available: (token: string, query = 'limit=100') => call(t.app, { method: 'GET', url: `/v1/events/available-withdrawal?${query}`, token }),
    setStatus: (ref: string, status: string, token: string) =>
      call(t.app, { method: 'POST', url: `/v1/admin/withdrawals/${ref}/status`, token, payload: { status } }),
  };
}

/** The last verification code mailed to `email`, read from the embedded outbox. */
export async function lastCode(dataDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(email));
  const code = mails.at(-1)?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export const BCA = { bankCode: '014', accountName: "Sari Dewi-Putri O'Neil", accountNumber: '1234567890' };
