import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, MESSAGE_ID, PROOF_OF_WORK, PUBLIC_REG_MSG as M } from '@eo/contract';
import { uploads } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { file, multipartBody, PDF } from '../../../test/multipart.js';
import { solvedAltcha } from '../../../test/proof-of-work.js';

/**
 * Anonymous answer uploads cannot fill the disk: the bytes no registration names yet are capped
 * per sending address an hour (PUBLIC_UPLOAD_MB_PER_HOUR, 1 MB here) and per event; a
 * registration that names its files gives the sender's allowance back.
 */
const MB = 1024 * 1024;
let t: TestApp;
let eventId: string;
let questionId: string;
let ticketId: string;

beforeAll(async () => {
  const team = await createTeamApp({ PUBLIC_UPLOAD_MB_PER_HOUR: '1' });
  t = team.t;
  const e = simpleEvent('Lomba Berkas', { days: 10, quota: 50 });
  e.payload.tickets![0]!.registrationSteps = [{ name: 'Berkas', type: 'file', isRequired: false, maxFiles: 5, accept: ['pdf'] }] as never;
  eventId = await createEvent(t.database.db, team.ids.org1, e);
  questionId = (await t.database.db.query.registrationQuestions.findFirst({ where: (q, { eq: is }) => is(q.eventId, eventId) }))!.id;
  ticketId = (await t.database.db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, eventId) }))!.id;
}, 60_000);
afterAll(() => t?.close());

/** A PDF of about `kb` KB, sent from `ip`. */
async function send(kb: number, ip: string) {
  const { payload, headers } = multipartBody([{ name: 'questionId', value: questionId }, file(Buffer.concat([PDF, Buffer.alloc(kb * 1024 - PDF.length, 32)]), 'berkas.pdf', 'application/pdf')]);
  return call(t.app, {
    method: 'POST', url: `/v1/public/events/${eventId}/uploads`, payload, remoteAddress: ip,
    headers: { ...headers, [PROOF_OF_WORK.header]: await solvedAltcha(t.app) },
  });
}

describe('caps on answer files no registration names yet', () => {
  it('one address: up to its hourly allowance, then 429 with Retry-After, and nothing stored past it', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 3; i++) expect((await send(300, ip)).status).toBe(201);
    const rows = async () => (await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.eventId, eventId))).length;
    const stored = await rows();
    const over = await send(300, ip);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ messageId: MESSAGE_ID.tooManyRequests, message: fill(M.uploadSenderCap, { minutes: 60 }) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await rows()).toBe(stored);
    // Another address is not held back, and the sender's key is no address.
    expect((await send(300, '203.0.113.51')).status).toBe(201);
    const keys = await t.database.db.select({ key: uploads.senderKey }).from(uploads).where(eq(uploads.eventId, eventId));
    expect(keys.every((k) => k.key && !k.key.includes('203.0.113'))).toBe(true);
  });

  it('parallel uploads from one address never pass the allowance together', async () => {
    const ip = '203.0.113.60';
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(300, ip)));
    const ok = answers.filter((a) => a.status === 201).map((a) => a.body.data.fileId as string);
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    expect(ok.length).toBeLessThanOrEqual(3);
    const bytes = await t.database.db.select({ size: uploads.size }).from(uploads).where(eq(uploads.senderKey, (await t.database.db.query.uploads.findFirst({ where: (u, { eq: is }) => is(u.id, ok[0] ?? '00000000-0000-4000-8000-000000000000') }))?.senderKey ?? ''));
    expect(bytes.reduce((n, r) => n + r.size, 0)).toBeLessThanOrEqual(MB);
  });

  it('a registration naming its files gives the allowance back', async () => {
    const ip = '203.0.113.70';
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(300, ip)).body.data.fileId);
    expect((await send(300, ip)).status).toBe(429);
    const registered = await call(t.app, {
      method: 'POST', url: `/v1/public/events/${eventId}/registrations`, remoteAddress: ip,
      payload: {
        ticketId, answers: [{ questionId, value: ids }], altcha: await solvedAltcha(t.app),
        participant: { name: 'Peserta Berkas', email: 'berkas@contoh.id', phoneNumber: '081234567890', lastEducation: 'S1', gender: 'Perempuan' },
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await send(300, ip)).status).toBe(201);
  });

  it('an event holds at most 500 MB of unnamed answer files, from any number of addresses', async () => {
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.eventId, eventId)).limit(1);
    // Files already sent by many others (rows only: what the cap reads), filling the event.
    const { id: _id, ...rest } = row!;
    await t.database.db.insert(uploads).values(Array.from({ length: 10 }, (_, i) => ({ ...rest, senderKey: `lain-${i}`, size: 50 * MB, createdAt: new Date() })));
    const over = await send(10, '203.0.113.80');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(fill(M.uploadEventCap, { minutes: 60 }));
    expect(over.headers['retry-after']).toBe('3600');
  });
});
