import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG } from '@eo/contract';
import { withdrawals } from '../../db/schema/index.js';
import { createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { BCA, ledgerSum, moneyCalls, pastPaidEvent, TICKET_PRICE } from '../../../test/money.js';

/** The code mail through a real SMTP server (SMTP_URL), and what happens when that server is down. */
let server: SMTPServer;
let t: TestApp;
let token: string;
let orgId: string;
const received: { rcpt: string[]; raw: string }[] = [];
let refuse = false;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true, secure: false, disabledCommands: ['STARTTLS'], logger: false,
    onRcptTo: (_a, _s, cb) => cb(refuse ? new Error('Mailbox unavailable') : undefined),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  orgId = (await createUsers(t.database.db)).org1;
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('verification mail over SMTP', () => {
  it('the code reaches the organizer through the SMTP server and verifies', async () => {
    const api = moneyCalls(t);
    const { id } = await pastPaidEvent(t.database.db, orgId, 'Lewat SMTP', 1);
    const coinId = (await api.coin(id, token)).body.data.result._id;
    await api.saveBank(coinId, BCA, token);
    // The bank account notice first, then the code.
    expect(received).toHaveLength(1);
    expect((await api.request(coinId, 20_000, token)).status).toBe(201);
    expect(received).toHaveLength(2);
    expect(received[1].rcpt).toEqual(['organizer@demo.id']);
    const body = Buffer.from(received[1].raw.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s/g, ''), 'base64').toString('utf8');
    const code = body.match(/^(\d{6})$/m)![1];
    expect((await api.verify(coinId, code, token)).status).toBe(200);
  });

  it('when the mail cannot leave, nothing is reserved and the organizer is told', async () => {
    const api = moneyCalls(t);
    const { id } = await pastPaidEvent(t.database.db, orgId, 'Surat Gagal', 1);
    const coinId = (await api.coin(id, token)).body.data.result._id;
    await api.saveBank(coinId, BCA, token);
    refuse = true;
    const res = await api.request(coinId, 20_000, token);
    refuse = false;
    expect([res.status, res.body.messageId, res.body.message]).toEqual([502, WITHDRAW_ID.mailFailed, WITHDRAW_OWN_MSG.mailFailed]);
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.eventId, id))).toEqual([]);
    expect(await ledgerSum(t.database.db, id)).toBe(TICKET_PRICE - 4_000);
    expect((await api.request(coinId, 20_000, token)).status).toBe(201);
  });

  it('when the bank account notice cannot leave, the account is not changed', async () => {
    const api = moneyCalls(t);
    const { id } = await pastPaidEvent(t.database.db, orgId, 'Ganti Diam-diam', 1);
    const coinId = (await api.coin(id, token)).body.data.result._id;
    expect((await api.saveBank(coinId, BCA, token)).status).toBe(200);
    refuse = true;
    const res = await api.saveBank(coinId, { ...BCA, accountNumber: '5555666677' }, token);
    refuse = false;
    expect([res.status, res.body.message]).toEqual([502, WITHDRAW_MSG.addBankFailed]);
    expect((await api.coin(id, token)).body.data.result.bankAccount).toEqual(BCA);
  });
});
