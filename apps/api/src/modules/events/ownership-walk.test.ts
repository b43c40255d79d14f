import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';
import { file, multipartBody } from '../../../test/multipart.js';

/**
 * Walks every registered route that names an event or a file by id, as organizer2 against
 * organizer's records: each must answer 404 (existence is not even confirmed). A new route
 * of that kind is walked without anyone adding it here.
 */
let t: TestApp;
let org2: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  let org1: string;
  ({ t, org1, org2 } = await createTeamApp());
  ids.event = (await call(t.app, { method: 'POST', url: '/v1/events/create', token: org1, payload: validEventPayload() })).body.data.result.id;
  ids.draft = (await call(t.app, { method: 'POST', url: '/v1/events/draft/create', token: org1, payload: { name: 'Draf', agreement: true } })).body.data.result.id;
  const csv = multipartBody([{ name: 'docType', value: 'CSV' }, file(Buffer.from('nama,email\nA,a@b.id\n'), 'p.csv', 'text/csv')]);
  ids.file = (await call(t.app, { method: 'POST', url: '/v1/upload', token: org1, ...csv })).body.data.url.split('/').pop();
});
afterAll(() => t.close());

function takesId(route: (typeof t.app.routeTable)[number]): 'query' | 'param' | null {
  if (route.url.includes(':id')) return 'param';
  const qs = route.schema?.querystring as z.ZodObject | undefined;
  return qs && typeof qs === 'object' && 'shape' in qs && 'id' in qs.shape ? 'query' : null;
}

describe('ownership walk', () => {
  it('every route taking an event or file id answers 404 to another organizer', async () => {
    const walked: string[] = [];
    for (const route of t.app.routeTable) {
      const where = takesId(route);
      if (!where || !route.url.startsWith('/v1/')) continue;
      const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
      for (const method of methods) {
        const targets = route.url.startsWith('/v1/files') ? [ids.file] : [ids.event, ids.draft];
        for (const id of targets) {
          const url = where === 'param' ? route.url.replace(':id', id) : `${route.url}?id=${id}`;
          const res = await call(t.app, { method: method as 'GET', url, token: org2, payload: method === 'GET' ? undefined : validEventPayload() });
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(JSON.stringify(res.body)).not.toContain('Lomba Esai');
        }
        walked.push(`${method} ${route.url}`);
      }
    }
    expect(walked).toEqual(expect.arrayContaining([
      'GET /v1/events/detail', 'POST /v1/events/create', 'PUT /v1/events/update', 'PUT /v1/events/draft/update', 'GET /v1/files/:id',
    ]));
  });

  it('lists never show another organizer\'s events', async () => {
    for (const url of ['/v1/events/lists', '/v1/events/draft/lists', '/v1/events/lists?showConcludedEvent=true']) {
      expect((await call(t.app, { method: 'GET', url, token: org2 })).body.data.totalDocs).toBe(0);
    }
  });
});
