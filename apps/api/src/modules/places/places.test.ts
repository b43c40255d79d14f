import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { searchGazetteer } from './places.service.js';
import { Geocoder } from './geocoder.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
});
afterAll(() => t.close());

const search = (query: string, app = t.app) => call(app, { method: 'GET', url: `/v1/places?${query}`, token });
const names = (q: string, limit = 8) => searchGazetteer(q, limit).map((p) => p.name);

describe('GET /v1/places (embedded gazetteer)', () => {
  it('"bandung" finds Kota and Kabupaten Bandung first, with coordinates and a full address', async () => {
    const res = await search('q=bandung');
    expect(res.status).toBe(200);
    const [first, second, third] = res.body.data.result;
    expect([first.name, second.name, third.name]).toEqual(['Kota Bandung', 'Kabupaten Bandung', 'Kabupaten Bandung Barat']);
    expect(first).toMatchObject({ address: 'Kota Bandung, Jawa Barat, Indonesia', source: 'gazetteer' });
    for (const p of [first, second]) {
      expect(Math.abs(p.lat - -6.9)).toBeLessThan(0.3);
      expect(Math.abs(p.lng - 107.6)).toBeLessThan(0.3);
    }
  });

  it('"jakarta" finds the province and its five cities', async () => {
    const result: { name: string; address: string }[] = (await search('q=jakarta')).body.data.result;
    expect(result[0]).toMatchObject({ name: 'DKI Jakarta', address: 'DKI Jakarta, Indonesia' });
    const cities = result.filter((p) => p.address.endsWith(', DKI Jakarta, Indonesia')).map((p) => p.name);
    expect(cities).toEqual(expect.arrayContaining(['Jakarta Pusat', 'Jakarta Utara', 'Jakarta Barat', 'Jakarta Selatan', 'Jakarta Timur']
      .map((n) => `Kota Administrasi ${n}`)));
  });

  it('ignores case, accents, punctuation and the Kabupaten/Kab./Kota/Provinsi titles', () => {
    expect(names('BÁNDUNG')).toEqual(names('bandung'));
    expect(names('kab. bandung')[0]).toBe('Kabupaten Bandung');
    expect(names('Kota Bandung')[0]).toBe('Kota Bandung');
    expect(names('provinsi jawa barat')[0]).toBe('Jawa Barat');
    expect(names('parepare')[0]).toBe('Kota Pare Pare');
    expect(names('jakarta sel')).toEqual(['Kota Administrasi Jakarta Selatan']);
    expect(names('dki')).toEqual(['DKI Jakarta']);
  });

  it('ranks exact, then prefix, then word matches; cities and regencies before provinces when tied', () => {
    // Kota Yogyakarta and Daerah Istimewa Yogyakarta both match exactly once titles are dropped.
    expect(names('yogyakarta').slice(0, 2)).toEqual(['Kota Yogyakarta', 'Daerah Istimewa Yogyakarta']);
    expect(names('malang').slice(0, 2)).toEqual(['Kota Malang', 'Kabupaten Malang']);
    expect(names('barat', 50)).toContain('Jawa Barat');
    expect(names('barat', 50).indexOf('Jawa Barat')).toBeGreaterThan(names('barat', 50).indexOf('Kabupaten Bandung Barat'));
    expect(names('bandung jawa')).toEqual(['Kota Bandung', 'Kabupaten Bandung', 'Kabupaten Bandung Barat']);
    expect(names('zzzz')).toEqual([]);
  });

  it('respects limit (default 8, at most 20)', async () => {
    expect((await search('q=barat')).body.data.result).toHaveLength(8);
    expect((await search('q=barat&limit=3')).body.data.result).toHaveLength(3);
    expect((await search('q=barat&limit=20')).body.data.result).toHaveLength(20);
    expect((await search('q=barat&limit=21')).status).toBe(400);
    expect((await search('q=barat&limit=0')).status).toBe(400);
  });

  it('needs at least 2 characters after trimming', async () => {
    expect((await search('q=b')).status).toBe(400);
    expect((await search(`q=${encodeURIComponent('  b ')}`)).status).toBe(400);
    expect((await search('')).status).toBe(400);
  });
});

/** A stand-in geocoder on a local port; `answer` decides each response. */
async function fakeServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://localhost'));
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    url: `http://127.0.0.1:${port}/search?format=jsonv2&q={q}&limit={limit}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** An API whose GEOCODER_URL is a stand-in (unthrottled unless `env` says otherwise). */
async function fakeGeocoder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void, env: Record<string, string> = { GEOCODER_MIN_INTERVAL_MS: '0' }) {
  const server = await fakeServer(answer);
  const app = await createTestApp({ GEOCODER_URL: server.url, ...env });
  await createUsers(app.database.db);
  const appToken = (await tokenFor(app.app, 'organizer@demo.id')).token;
  return {
    requests: server.requests,
    search: (query: string) => call(app.app, { method: 'GET', url: `/v1/places?${query}`, token: appToken }),
    close: async () => {
      await server.close();
      await app.close();
    },
  };
}

describe('GEOCODER_URL', () => {
  it('lists the geocoder\'s hits first, then the gazetteer\'s, within the limit', async () => {
    const geo = await fakeGeocoder((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([
        { place_id: 101, display_name: 'Gedung Sate, Jalan Diponegoro, Bandung, Jawa Barat, Indonesia', lat: '-6.9024', lon: '107.6188', name: 'Gedung Sate' },
        { place_id: 102, display_name: 'Alun-Alun Bandung, Bandung, Jawa Barat, Indonesia', lat: '-6.9218', lon: '107.6071' },
        { display_name: 'broken hit without coordinates' },
      ]));
    });
    try {
      const res = await geo.search(`q=${encodeURIComponent('bandung sate')}&limit=4`);
      expect(res.status).toBe(200);
      expect(geo.requests[0].searchParams.get('q')).toBe('bandung sate');
      expect(geo.requests[0].searchParams.get('limit')).toBe('4');
      const result = res.body.data.result;
      expect(result.slice(0, 2)).toEqual([
        { id: 'geocoder:101', name: 'Gedung Sate', address: 'Gedung Sate, Jalan Diponegoro, Bandung, Jawa Barat, Indonesia', lat: -6.9024, lng: 107.6188, source: 'geocoder' },
        { id: 'geocoder:102', name: 'Alun-Alun Bandung', address: 'Alun-Alun Bandung, Bandung, Jawa Barat, Indonesia', lat: -6.9218, lng: 107.6071, source: 'geocoder' },
      ]);
      expect(result.slice(2).every((p: { source: string }) => p.source === 'gazetteer')).toBe(true);

      const local = await geo.search('q=bandung&limit=4');
      expect(local.body.data.result.map((p: { name: string }) => p.name)).toEqual(['Gedung Sate', 'Alun-Alun Bandung', 'Kota Bandung', 'Kabupaten Bandung']);
    } finally {
      await geo.close();
    }
  });

  it('a geocoder answering 500 or garbage costs only its own hits', async () => {
    let status = 500;
    const geo = await fakeGeocoder((_req, res) => {
      res.statusCode = status;
      res.end(status === 500 ? 'boom' : '{"not":"a list"}');
    });
    try {
      for (const s of [500, 200]) {
        status = s;
        const res = await geo.search('q=bandung');
        expect(res.status).toBe(200);
        expect(res.body.data.result[0]).toMatchObject({ name: 'Kota Bandung', source: 'gazetteer' });
      }
    } finally {
      await geo.close();
    }
  });

  it('a geocoder that never answers is given up after its timeout', async () => {
    const geo = await fakeGeocoder(() => { /* hang */ });
    try {
      const res = await geo.search('q=jakarta');
      expect(res.status).toBe(200);
      expect(res.body.data.result[0]).toMatchObject({ name: 'DKI Jakarta', source: 'gazetteer' });
      expect(geo.requests).toHaveLength(1);
    } finally {
      await geo.close();
    }
  });
});

/** A geocoder answering one hit named after the query, as JSON. */
const echo = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const q = new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify([{ place_id: q, display_name: `${q}, Indonesia`, lat: '-6.9', lon: '107.6' }]));
};
const silentLog = { warn: () => undefined } as unknown as ConstructorParameters<typeof Geocoder>[1];

describe('GEOCODER_URL is asked politely: cached, and throttled process-wide', () => {
  it('by default one call a second: a search that comes sooner is answered from the gazetteer at once, with when to ask again', async () => {
    const geo = await fakeGeocoder(echo, {});
    try {
      const first = await geo.search('q=bandung');
      expect(first.body.data.result[0]).toMatchObject({ name: 'bandung', source: 'geocoder' });
      expect(first.body.data.retryAfterMs).toBeUndefined();
      // Twenty searches at once while the second has not passed: none waits, none reaches the geocoder.
      const soon = await Promise.all(Array.from({ length: 20 }, (_, i) => geo.search(`q=malang${i}`)));
      expect(geo.requests).toHaveLength(1);
      for (const res of soon) {
        expect(res.status).toBe(200);
        expect(res.body.data.retryAfterMs).toBeGreaterThan(0);
        expect(res.body.data.retryAfterMs).toBeLessThanOrEqual(1000);
      }
      expect((await geo.search('q=malang')).body.data.result[0]).toMatchObject({ name: 'Kota Malang', source: 'gazetteer' });
      await new Promise((r) => setTimeout(r, soon[0].body.data.retryAfterMs + 50));
      const later = await geo.search('q=malang');
      expect(later.body.data.result[0]).toMatchObject({ name: 'malang', source: 'geocoder' });
      expect(later.body.data.retryAfterMs).toBeUndefined();
      expect(geo.requests).toHaveLength(2);
      // Cached answers do not wait for the throttle: the same search again, at once.
      expect((await geo.search('q=bandung')).body.data.result[0]).toMatchObject({ name: 'bandung', source: 'geocoder' });
      expect(geo.requests).toHaveLength(2);
    } finally {
      await geo.close();
    }
  });

  it('caches per query (case and spacing aside) and limit; failures are not cached', async () => {
    let fail = true;
    const geo = await fakeGeocoder((req, res) => (fail ? res.writeHead(500).end() : echo(req, res)));
    try {
      await geo.search('q=bandung');
      fail = false;
      await geo.search('q=bandung');
      expect(geo.requests).toHaveLength(2);
      for (const q of ['Bandung', '  BANDUNG ', 'bandung']) {
        expect((await geo.search(`q=${encodeURIComponent(q)}`)).body.data.result[0]).toMatchObject({ name: 'bandung', source: 'geocoder' });
      }
      expect(geo.requests).toHaveLength(2);
      // Text the gazetteer's normalizing would empty is still told apart.
      for (const q of ['東京', 'جاكرتا', '東京']) {
        expect((await geo.search(`q=${encodeURIComponent(q)}`)).body.data.result[0]).toMatchObject({ name: q, source: 'geocoder' });
      }
      expect(geo.requests).toHaveLength(4);
      await geo.search('q=bandung&limit=3');
      expect(geo.requests).toHaveLength(5);
    } finally {
      await geo.close();
    }
  });

  it('the cache is bounded in entries and age', async () => {
    const geo = await fakeServer(echo);
    let clock = 1_000_000;
    const geocoder = new Geocoder({ url: geo.url, minIntervalMs: 0, cacheEntries: 2, cacheTtlMs: 60_000 }, silentLog, () => clock);
    try {
      for (const q of ['a1', 'a2', 'a1']) await geocoder.search(q, 8);
      expect(geo.requests.map((u) => u.searchParams.get('q'))).toEqual(['a1', 'a2']);
      await geocoder.search('a3', 8); // a2, least recently used, leaves
      await geocoder.search('a1', 8);
      await geocoder.search('a2', 8);
      expect(geo.requests.map((u) => u.searchParams.get('q'))).toEqual(['a1', 'a2', 'a3', 'a2']);
      clock += 60_001;
      await geocoder.search('a2', 8);
      expect(geo.requests).toHaveLength(5);
      expect(geocoder.counts).toEqual({ cached: 2, asked: 5, throttled: 0, failed: 0 });
    } finally {
      await geo.close();
    }
  });

  it('a 429 pauses every call for its Retry-After', async () => {
    let limited = true;
    const geo = await fakeServer((req, res) => (limited ? res.writeHead(429, { 'retry-after': '30' }).end() : echo(req, res)));
    let clock = 5_000_000;
    const geocoder = new Geocoder({ url: geo.url, minIntervalMs: 1000, cacheEntries: 10, cacheTtlMs: 60_000 }, silentLog, () => clock);
    try {
      expect(await geocoder.search('x1', 8)).toEqual({ places: [] });
      limited = false;
      clock += 2000;
      expect(await geocoder.search('x2', 8)).toEqual({ places: [], retryAfterMs: 28_000 });
      clock += 28_000;
      expect((await geocoder.search('x2', 8)).places).toHaveLength(1);
      expect(geo.requests).toHaveLength(2);
    } finally {
      await geo.close();
    }
  });
});
