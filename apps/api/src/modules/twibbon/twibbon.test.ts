import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

let t: TestApp;
let org1: string;
let org2: string;
let eventId: string;
beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
  const payload = { ...validEventPayload(), twibbonRequired: true, twibbon: { customKey: 'Esai_2027', templateUrl: '/files/t.png', caption: 'Ikut!', guide: ['Unggah'] } };
  eventId = (await call(t.app, { method: 'POST', url: '/v1/events/create', token: org1, payload })).body.data.result.id;
});
afterAll(() => t.close());

const check = (q: string, token = org1) => call(t.app, { method: 'GET', url: `/v1/twibbons/existence?${q}`, token });

describe('GET /v1/twibbons/existence', () => {
  it('answers result true for a free key', async () => {
    expect((await check('customKey=lomba-baru')).body).toEqual({ data: { result: true } });
  });

  it('answers 409 `Custom key not available` for a taken key, in any letter case', async () => {
    const res = await check('customKey=esai_2027');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Custom key not available');
  });

  it('the edited event\'s own key is free for it, not for another organizer', async () => {
    expect((await check(`customKey=Esai_2027&eventIdNe=${eventId}`)).status).toBe(200);
    expect((await check(`customKey=Esai_2027&eventIdNe=${eventId}`, org2)).status).toBe(409);
  });

  it('enforces the key pattern', async () => {
    const res = await check(`customKey=${encodeURIComponent('esai 2027!')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only allow alphanumeric, (-), (_)');
    expect((await check('customKey=')).body.message).toBe('Custom key is required');
  });
});
