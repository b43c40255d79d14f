import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../test/fixtures.js';

/**
 * ROLE_GATE=off (benchmark-only, config/env.ts): the routes answer the same rows without the
 * per-request membership read, each caller acting within their oldest organization.
 */
describe('the benchmark-only ROLE_GATE=off', () => {
  let team: Awaited<ReturnType<typeof createTeamApp>>;
  const lists = ['/v1/events/lists', '/v1/events/lists?showConcludedEvent=true', '/v1/events/draft/lists', '/v1/events/total', '/v1/certificates'];

  beforeAll(async () => {
    team = await createTeamApp({ ROLE_GATE: 'off', NODE_ENV: 'benchmark' });
    const db = team.t.database.db;
    await createEvent(db, team.ids.org1, simpleEvent('Lomba Satu', { days: 10 }));
    await createEvent(db, team.ids.org1, simpleEvent('Lomba Lalu', { days: -10 }));
    await createEvent(db, team.ids.org2, simpleEvent('Webinar Dua', { days: 5, draft: true }));
  }, 60_000);
  afterAll(async () => team?.t.close());

  it('is off in this app', () => {
    expect(team.t.config.roleGate).toBe(false);
  });

  it("each organizer sees their own organization's records, and twice the same", async () => {
    const seen = async (token: string) => Promise.all(lists.map(async (url) => (await call(team.t.app, { method: 'GET', url, token })).body.data));
    const [one, two] = [await seen(team.org1), await seen(team.org2)];
    expect(one[0].docs.map((d: { name: string }) => d.name)).toEqual(['Lomba Satu']);
    expect(one[1].docs.map((d: { name: string }) => d.name)).toEqual(['Lomba Lalu']);
    expect(one[2].docs).toEqual([]);
    expect(one[3]).toEqual({ active: 1, passed: 1, draft: 0 });
    expect(two[2].docs.map((d: { name: string }) => d.name)).toEqual(['Webinar Dua']);
    expect(two[3]).toEqual({ active: 0, passed: 0, draft: 1 });
    expect(await seen(team.org1)).toEqual(one);
  });

  it('an organization named in X-Organization-Id still passes the gate', async () => {
    const res = await call(team.t.app, { method: 'GET', url: '/v1/events/total', token: team.org1, headers: { 'x-organization-id': '00000000-0000-4000-8000-000000000000' } });
    expect(res.status).toBe(404);
  });
});
