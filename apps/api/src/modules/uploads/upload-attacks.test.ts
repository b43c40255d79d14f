import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, UPLOAD_MSG } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../test/multipart.js';

/** Hostile uploads: each refused with a clear 4xx, or stored harmlessly. */
let t: TestApp;
let org1: string;
beforeAll(async () => {
  ({ t, org1 } = await createTeamApp());
});
afterAll(() => t.close());

const upload = (docType: string, part: Parameters<typeof multipartBody>[0][number]) => {
  const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, part]);
  return call(t.app, { method: 'POST', url: '/v1/upload', payload, headers, token: org1 });
};
const uploadImage = (docType: string, part: Parameters<typeof multipartBody>[0][number]) => {
  const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, part]);
  return call(t.app, { method: 'POST', url: '/v1/upload/image', payload, headers, token: org1 });
};
const pixelMessage = (n: number) => fill(UPLOAD_MSG.tooManyPixels, { n });
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A width × height PNG header over a few bytes of data (100,000² by default: 30 GB if anyone decoded it). */
function bombPng(width = 100_000, height = 100_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

describe('hostile uploads', () => {
  it('a decompression bomb is refused by its header, without being decoded', async () => {
    const res = await upload('CertificateTemplate', file(bombPng(), 'bomb.png', 'image/png'));
    expect([res.status, res.body.message]).toEqual([400, pixelMessage(25)]);
  });

  it('pixel caps: templates at most 25 MP, posters, twibbons and other images at most 16 MP, whatever the file size', async () => {
    // The 11,000 × 9,000 template of the report: 99 MP in a small file.
    const huge = bombPng(11_000, 9_000);
    expect(huge.length).toBeLessThan(2000);
    const cases: [string, number, number, number][] = [
      ['CertificateTemplate', 11_000, 9_000, 25], ['CertificateTemplate', 6_001, 4_166, 25],
      ['EventImage', 3_600, 4_500, 16], ['TwibbonTemplate', 4_001, 4_001, 16], ['TwibbonPoster', 4_001, 4_001, 16],
      ['OrganizationLogo', 5_000, 3_300, 16], ['Others', 5_000, 3_300, 16],
    ];
    for (const [docType, w, h, cap] of cases) {
      const part = file(bombPng(w, h), 'big.png', 'image/png');
      const res = docType === 'CertificateTemplate' ? await upload(docType, part) : await uploadImage(docType, part);
      expect([docType, w, h, res.status, res.body.message]).toEqual([docType, w, h, 400, pixelMessage(cap)]);
    }
  });

  it('an image just under its cap is decoded and accepted', async () => {
    const ok = await upload('CertificateTemplate', file(await image(6_000, 4_166), 'big.png'));
    expect(ok.status).toBe(201);
    const twibbon = await uploadImage('TwibbonTemplate', file(await image(4_000, 4_000), 'frame.png'));
    expect(twibbon.status).toBe(201);
  });

  it('a truncated PNG or JPEG is refused (its header alone looked fine)', async () => {
    for (const [format, name] of [['png', 'half.png'], ['jpeg', 'half.jpg']] as const) {
      const whole = await image(800, 566, format);
      const res = await upload('CertificateTemplate', file(whole.subarray(0, Math.floor(whole.length / 2)), name));
      expect(res.status, name).toBe(415);
    }
  });

  it('a PNG with HTML appended is stored as a PNG and served as one, never sniffed into HTML', async () => {
    const polyglot = Buffer.concat([await image(800, 566), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload('CertificateTemplate', file(polyglot, 'x.html', 'text/html'));
    expect(res.status).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a path-like file name never reaches the stored path', async () => {
    const res = await upload('CertificateTemplate', file(await image(800, 566), '../../../etc/passwd.png'));
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^\/files\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  });

  it('a second file or a sixth field is refused with 413 (a sixth field was a 500 with @fastify/multipart 9)', async () => {
    const png = await image(800, 1000);
    const send = (parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = multipartBody(parts);
      return call(t.app, { method: 'POST', url: '/v1/upload/image', payload, headers, token: org1 });
    };
    const docType = { name: 'docType', value: 'EventImage' };
    const fields = Array.from({ length: 5 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    for (const [parts, messageId] of [
      [[docType, file(png, 'a.png'), file(png, 'b.png')], 'FST_FILES_LIMIT'],
      [[file(png, 'a.png'), file(png, 'b.png'), docType], 'FST_FILES_LIMIT'],
      [[docType, ...fields, file(png, 'a.png')], 'FST_FIELDS_LIMIT'],
      [[file(png, 'a.png'), docType, ...fields], 'FST_FIELDS_LIMIT'],
    ] as const) {
      const res = await send([...parts]);
      expect(res.status, messageId).toBe(413);
      expect(res.body.messageId).toBe(messageId);
    }
    expect((await send([docType, file(png, 'a.png')])).status).toBe(201);
  });

  it('a body far over every limit (100 MB) is cut off with 413, not stored', async () => {
    const res = await upload('CSV', file(Buffer.alloc(100 * 1024 * 1024, 0x41), 'huge.csv', 'text/csv'));
    expect(res.status).toBe(413);
  });
});
