import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent, type FixtureEvent } from '../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../test/multipart.js';
import { setApproval } from '../events/events.service.js';
import { ogImageName, posterFile } from './og-image.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];
let org1: string;

const withPoster = (e: FixtureEvent, imageUrl: string): FixtureEvent => ({ ...e, payload: { ...e.payload, imageUrl } as FixtureEvent['payload'] });
const og = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/e/${id}/og.jpg`, headers });

/** A poster as an organizer uploads it: a 4:5 JPEG through the upload endpoint. */
async function uploadPoster(): Promise<string> {
  const res = await call(t.app, {
    method: 'POST', url: '/v1/upload/image', token: org1,
    ...multipartBody([{ name: 'docType', value: 'EventImage' }, file(await image(800, 1000, 'jpeg'), 'poster.jpg', 'image/jpeg')]),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

beforeAll(async () => {
  ({ t, ids, org1 } = await createTeamApp({ PUBLIC_URL: 'https://eo.example.id' }));
});
afterAll(() => t.close());

describe('GET /e/:eventId/og.jpg', () => {
  it('is the poster on a 1200 × 630 JPEG, made once and stored beside the poster, with an ETag of the poster', async () => {
    const poster = await uploadPoster();
    const id = await createEvent(t.database.db, ids.org1, withPoster(simpleEvent('Poster Lebar', { days: 10 }), poster));
    const res = await og(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const stored = posterFile(poster, 'https://eo.example.id')!;
    expect(res.headers.etag).toBe(`"og1-${stored.id}"`);
    // Beside the poster in the file store, named by its file id (not under the public /files/ route).
    const card = ogImageName(stored);
    expect(path.dirname(card)).toBe(path.dirname(stored.rel));
    expect(existsSync(path.join(t.config.dataDir, 'files', card))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/files/${card}` })).statusCode).toBe(404);
    // The second answer is the stored file, byte for byte; a fetcher holding it gets a bodiless 304.
    expect((await og(id)).rawPayload.equals(res.rawPayload)).toBe(true);
    const again = await og(id, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A new poster: a new card and a new ETag.
    const next = await uploadPoster();
    await t.database.db.update(events).set({ imageUrl: next }).where(eq(events.id, id));
    const changed = await og(id, { 'if-none-match': res.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe(`"og1-${posterFile(next, 'https://eo.example.id')!.id}"`);
  });

  it('is 404 for an unknown, malformed, draft, pending, rejected or deleted event, and for one without a poster of ours', async () => {
    const db = t.database.db;
    const poster = await uploadPoster();
    const draft = await createEvent(db, ids.org1, withPoster(simpleEvent('Draf', { days: 10, draft: true }), poster));
    const pending = await createEvent(db, ids.org1, { ...withPoster(simpleEvent('Menunggu', { days: 10 }), poster), approved: false });
    const rejected = await createEvent(db, ids.org1, withPoster(simpleEvent('Ditolak', { days: 10 }), poster));
    await setApproval(db, rejected, 'rejected');
    const deleted = await createEvent(db, ids.org1, withPoster(simpleEvent('Dihapus', { days: 10 }), poster));
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deleted));
    // A submitted event has a poster: this one's is cleared afterwards.
    const none = await createEvent(db, ids.org1, withPoster(simpleEvent('Tanpa poster', { days: 10 }), poster));
    await db.update(events).set({ imageUrl: null }).where(eq(events.id, none));
    // Never fetched from elsewhere: the server makes no requests to addresses an organizer typed.
    const elsewhere = await createEvent(db, ids.org1, withPoster(simpleEvent('Poster luar', { days: 10 }), 'https://cdn.contoh.id/poster.jpg'));
    const missing = await createEvent(db, ids.org1, withPoster(simpleEvent('Poster hilang', { days: 10 }), '/files/2026/01/00000000-0000-4000-8000-000000000000.jpg'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', draft, pending, rejected, deleted, none, elsewhere, missing]) {
      const res = await og(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['cache-control'] ?? '', id).not.toMatch(/public/);
    }
  });

  it('the event page previews with the card (1200 × 630, large), a poster elsewhere as itself in a small card', async () => {
    const poster = await uploadPoster();
    const id = await createEvent(t.database.db, ids.org1, withPoster(simpleEvent('Pratinjau', { days: 10 }), poster));
    const html = (await t.app.inject({ method: 'GET', url: `/e/${id}` })).body;
    expect(html).toContain(`<meta property="og:image" content="https://eo.example.id/e/${id}/og.jpg">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="https://eo.example.id/e/${id}/og.jpg">`);
    // The page itself still shows the poster as uploaded.
    expect(html).toContain(`<img class="poster" src="${poster}"`);

    const other = await createEvent(t.database.db, ids.org1, withPoster(simpleEvent('Poster luar', { days: 10 }), 'https://cdn.contoh.id/poster.jpg'));
    const page = (await t.app.inject({ method: 'GET', url: `/e/${other}` })).body;
    expect(page).toContain('<meta property="og:image" content="https://cdn.contoh.id/poster.jpg">');
    expect(page).not.toContain('og:image:width');
    expect(page).toContain('<meta name="twitter:card" content="summary">');
  });
});
