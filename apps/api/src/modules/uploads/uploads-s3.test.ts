import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { call, testConfig, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { file, image, multipartBody, PDF, publicUpload } from '../../../test/multipart.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../../../test/s3-server.js';
import { openStore } from '../../lib/storage/open-store.js';
import { S3Store } from '../../lib/storage/s3-store.js';
import { answerFilePath } from '../participants/participants.service.js';

/**
 * The same routes with STORAGE_URL (a real s3rver started here) as on disk: a public image
 * comes back through `/files/…` with the very headers the disk gives, a participant CSV only
 * through its access-checked route, and nothing lands under DATA_DIR/files.
 */
let s3: S3TestServer;
let onS3: Awaited<ReturnType<typeof createTeamApp>>;
let onDisk: { t: TestApp; org1: string };

beforeAll(async () => {
  s3 = await startS3Server();
  onS3 = await createTeamApp(s3.env);
  onDisk = await createTeamApp();
});
afterAll(async () => {
  await onS3?.t.close();
  await onDisk?.t.close();
  await s3?.stop();
});

async function upload(t: TestApp, url: string, docType: string, f: ReturnType<typeof file>, token: string) {
  const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, f]);
  return call(t.app, { method: 'POST', url, payload, headers, token });
}

async function bucketKeys() {
  const store = new S3Store(onS3.t.config.s3!);
  try {
    return ((await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key);
  } finally {
    await store.close();
  }
}

/** What may differ between two answers of the same file: the clock and the connection. */
const comparable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));

describe('files in S3 (STORAGE_URL)', () => {
  it('a poster uploaded through the route is served from the bucket with the same bytes and headers as from disk', async () => {
    const png = await image(400, 500);
    const [s3Res, diskRes] = await Promise.all([
      upload(onS3.t, '/v1/upload/image', 'EventImage', file(png, 'poster.png', 'image/png'), onS3.org1),
      upload(onDisk.t, '/v1/upload/image', 'EventImage', file(png, 'poster.png', 'image/png'), onDisk.org1),
    ]);
    expect([s3Res.status, diskRes.status]).toEqual([201, 201]);
    const url = s3Res.body.data.url as string;
    expect(url).toMatch(/^\/files\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await bucketKeys()).toContain(url.slice('/files/'.length));
    expect(existsSync(path.join(onS3.t.config.dataDir, 'files'))).toBe(false);

    const fromS3 = await onS3.t.app.inject({ method: 'GET', url });
    const fromDisk = await onDisk.t.app.inject({ method: 'GET', url: diskRes.body.data.url });
    expect(fromS3.statusCode).toBe(200);
    expect(fromS3.rawPayload.equals(png)).toBe(true);
    expect(comparable(fromS3.headers)).toEqual(comparable(fromDisk.headers));
    expect(fromS3.headers).toMatchObject({
      'content-type': 'image/png', 'content-length': String(png.length), 'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff',
    });
    // A name the bucket does not hold is a 404 (not a 500), as on disk.
    expect((await onS3.t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{12}\.png$/, '000000000000.png') })).statusCode).toBe(404);
  });

  it('a participant CSV goes out only through its access-checked route', async () => {
    const csv = Buffer.from('\uFEFFnama,email\nAyu,ayu@contoh.id\n');
    const res = await upload(onS3.t, '/v1/upload', 'CSV', file(csv, 'peserta.csv', 'text/csv'), onS3.org1);
    expect(res.status).toBe(201);
    const url = res.body.data.url as string;
    expect(url).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
    const own = await onS3.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${onS3.org1}` } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(csv)).toBe(true);
    expect(own.headers).toMatchObject({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
    expect(own.headers['content-disposition']).toContain('attachment');
    expect((await call(onS3.t.app, { method: 'GET', url, token: onS3.org2 })).status).toBe(404);
    // Its object is in the bucket, and the public route never serves a CSV.
    const key = (await bucketKeys()).find((k) => k?.endsWith('.csv'));
    expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.csv$/);
    expect((await onS3.t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
  });

  it("a participant's answer file is kept under private/ and opened only by the event's organization", async () => {
    const db = onS3.t.database.db;
    const e = simpleEvent('Kelas Berkas S3', { days: 10, quota: 20 });
    e.payload.tickets![0]!.registrationSteps = [{ name: 'CV', type: 'file', isRequired: false, maxFiles: 1, accept: ['pdf'] }] as never;
    const eventId = await createEvent(db, onS3.ids.org1, e);
    const question = (await db.query.registrationQuestions.findFirst({ where: (q, { eq }) => eq(q.eventId, eventId) }))!;
    const ticket = (await db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) }))!;
    const up = await publicUpload(onS3.t.app, eventId, question.id, file(PDF, 'cv.pdf', 'application/pdf'));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const fileId = up.body.data.fileId as string;
    const participant = { name: 'Sari Dewi', email: 'sari.s3@contoh.id', phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' };
    const reg = await call(onS3.t.app, {
      method: 'POST', url: `/v1/public/events/${eventId}/registrations`, remoteAddress: '198.51.100.7',
      payload: await withAltcha(onS3.t.app, { ticketId: ticket.id, participant, answers: [{ questionId: question.id, value: [fileId] }] }),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);

    const key = (await bucketKeys()).find((k) => k?.startsWith('private/') && k.endsWith('.pdf'));
    expect(key).toMatch(/^private\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const org1Id = (await callerFor(db, onS3.ids.org1)).organizationId!;
    const own = await call(onS3.t.app, { method: 'GET', url: answerFilePath(eventId, fileId), token: onS3.org1, headers: { [ORGANIZATION_HEADER]: org1Id } });
    expect(own.status).toBe(200);
    expect(own.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="cv.pdf"', 'cache-control': 'private, no-store' });
    expect(own.body).toBe(PDF.toString());
    expect((await call(onS3.t.app, { method: 'GET', url: answerFilePath(eventId, fileId), token: onS3.org2 })).status).toBe(404);
    for (const bad of [`/files/${key}`, `/files/${key!.slice('private/'.length)}`]) {
      expect((await onS3.t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
  });

  it('the start fails with a clear message when the bucket is missing or the keys are wrong (buckets are never created)', async () => {
    const missing = testConfig({ ...s3.env, STORAGE_URL: s3.url.replace(`s3://${s3.bucket}`, 's3://no-such-bucket') });
    await expect(openStore(missing)).rejects.toThrow(/^STORAGE_URL: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not reachable: it does not exist/);
    const wrongKey = testConfig({ ...s3.env, AWS_ACCESS_KEY_ID: 'NOT-S3RVER' });
    await expect(openStore(wrongKey)).rejects.toThrow(/is not reachable: access denied: check AWS_ACCESS_KEY_ID/);
    const down = testConfig({ ...S3RVER_CREDENTIALS, STORAGE_URL: 's3://eo-files?endpoint=http://127.0.0.1:9&region=us-east-1' });
    await expect(openStore(down)).rejects.toThrow(/^STORAGE_URL: bucket "eo-files" at http:\/\/127\.0\.0\.1:9 is not reachable: /);
    for (const config of [missing, wrongKey, down]) rmSync(config.tmpDir, { recursive: true, force: true });
  });
});
