import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { searchGazetteer } from './places.service.js';

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

  it('needs at least 2 characters after trimming, and a signed-in caller', async () => {
    expect((await search('q=b')).status).toBe(400);
    expect((await search(`q=${encodeURIComponent('  b ')}`)).status).toBe(400);
    expect((await search('')).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/v1/places?q=bandung' })).status).toBe(401);
  });
});

/** A stand-in geocoder on a local port; `answer` decides each response. */
async function fakeGeocoder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://localhost'));
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const app = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/search?format=jsonv2&q={q}&limit={limit}` });
  await createUsers(app.database.db);
  const appToken = (await tokenFor(app.app, 'organizer@demo.id')).token;
  return {
    requests,
    search: (query: string) => call(app.app, { method: 'GET', url: `/v1/places?${query}`, token: appToken }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
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
