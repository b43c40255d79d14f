import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let org1: string;
let org2: string;
beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
});
afterAll(() => t.close());

type Part = Parameters<typeof multipartBody>[0][number];
async function upload(url: string, docType: string, f: Part, token = org1) {
  const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, f]);
  return call(t.app, { method: 'POST', url, payload, headers, token });
}

describe('POST /v1/upload/image', () => {
  it('stores a 4:5 poster and serves it as an immutable image', async () => {
    const res = await upload('/v1/upload/image/', 'EventImage', file(await image(400, 500), 'poster.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^\/files\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const got = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('judges the content, not the name: a PNG named .jpg is a PNG', async () => {
    const res = await upload('/v1/upload/image', 'EventImage', file(await image(800, 1000), 'poster.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/\.png$/);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am text'), 'fake.png', 'image/png'],
    ['an HTML file', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.html', 'text/html'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
  ])('refuses %s with 415', async (_label, data, name, type) => {
    const res = await upload('/v1/upload/image', 'EventImage', file(data, name, type));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('File tipe salah! Tolong upload file yang berkaitan');
  });

  it('refuses a 4:5 JPEG of 3 MB + 1 byte with 413', async () => {
    const jpeg = await image(400, 500, 'jpeg');
    const big = Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024 + 1 - jpeg.length)]);
    expect(big.length).toBe(3 * 1024 * 1024 + 1);
    const res = await upload('/v1/upload/image', 'EventImage', file(big, 'big.jpg', 'image/jpeg'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Maximum file size is 3MB');
  });

  it('refuses a 1:1 poster', async () => {
    const res = await upload('/v1/upload/image', 'EventImage', file(await image(500, 500), 'sq.png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dimensi poster harus 4:5');
  });

  it('twibbon template: PNG only and square', async () => {
    expect((await upload('/v1/upload/image', 'TwibbonTemplate', file(await image(600, 600), 't.png'))).status).toBe(201);
    const jpeg = await upload('/v1/upload/image', 'TwibbonTemplate', file(await image(600, 600, 'jpeg'), 't.png'));
    expect(jpeg.status).toBe(415);
    const wide = await upload('/v1/upload/image', 'TwibbonTemplate', file(await image(800, 600), 't.png'));
    expect(wide.body.message).toBe('Dimensi gambar harus 1:1');
  });

  it('refuses a missing file, a missing or unknown docType, and a JSON body with 400', async () => {
    const noFile = multipartBody([{ name: 'docType', value: 'EventImage' }]);
    expect((await call(t.app, { method: 'POST', url: '/v1/upload/image', ...noFile, token: org1 })).status).toBe(400);
    const noType = multipartBody([file(await image(400, 500), 'p.png')]);
    expect((await call(t.app, { method: 'POST', url: '/v1/upload/image', ...noType, token: org1 })).status).toBe(400);
    expect((await upload('/v1/upload/image', 'CSV', file(await image(400, 500), 'p.png'))).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url: '/v1/upload/image', payload: { file: 'x' }, token: org1 })).status).toBe(400);
  });
});

describe('POST /v1/upload', () => {
  it('refuses a portrait certificate template', async () => {
    const res = await upload('/v1/upload', 'CertificateTemplate', file(await image(600, 800), 'tpl.png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Template must be horizontal');
    expect((await upload('/v1/upload', 'CertificateTemplate', file(await image(800, 600, 'jpeg'), 'tpl.jpg'))).status).toBe(201);
    // Stored 800×600 but tagged "rotate 90°" (EXIF 6): seen as portrait, so refused.
    const turned = await sharp(await image(800, 600, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await upload('/v1/upload', 'CertificateTemplate', file(turned, 'photo.jpg'))).body.message).toBe('Template must be horizontal');
  });

  it('keeps a participant CSV private to its owner', async () => {
    const csv = Buffer.from('\uFEFFnama,email\nAyu,ayu@contoh.id\n');
    const res = await upload('/v1/upload', 'CSV', file(csv, 'peserta.csv', 'text/csv'));
    expect(res.status).toBe(201);
    const url = res.body.data.url;
    expect(url).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
    const own = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${org1}` } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('ayu@contoh.id');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect((await call(t.app, { method: 'GET', url, token: org2 })).status).toBe(404);
  });

  it('refuses an image or HTML sent as CSV', async () => {
    expect((await upload('/v1/upload', 'CSV', file(await image(10, 10), 'x.csv', 'text/csv'))).status).toBe(415);
    expect((await upload('/v1/upload', 'CSV', file(Buffer.from('<html><body>x</body></html>'), 'x.csv', 'text/csv'))).status).toBe(415);
  });
});

describe('serving files', () => {
  it('never reaches outside the files folder, and never serves a CSV publicly', async () => {
    for (const url of ['/files/..%2F..%2Fjwt-secret', '/files/2026/11/..%2F..%2F..%2Fjwt-secret', '/files/2026/11/x.csv', '/files/a/b/c.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
