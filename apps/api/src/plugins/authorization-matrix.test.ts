import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, API_KEY_SCOPES } from '@eo/contract';
import { authSessions } from '../db/schema/index.js';
import { signAccessToken, tokenKey } from '../modules/auth/tokens.js';
import { call, TEST_JWT_SECRET, type TestApp } from '../../test/harness.js';
import { createTeamApp } from '../../test/fixtures.js';

/**
 * The authorization matrix over every route the server registered (its own route table, not a
 * hand-kept list): without a token and with an expired one → 401; a signed-in participant (no
 * dashboard role) → 403; an organizer on an admin route → 403; the platform intake without its
 * key → 401. An organization API key that is unknown or revoked → 401, and a live one with every
 * scope on an admin route → 403 FORBIDDEN_SCOPE. The routes that need nothing are named here, so a new route that forgets to ask
 * for a caller fails this test.
 */
const PUBLIC = [
  'GET /healthz', 'GET /readyz', 'GET /v1/maintenance', 'POST /v1/login/email', 'POST /v1/login/refresh',
  'GET /v1/certificates/verify/:serial', 'GET /verify/:serial', 'GET /v1/doc/event/:file',
  'GET /v1/invitations/:token', 'POST /v1/invitations/:token/accept',
  'POST /v1/password/forgot', 'POST /v1/password/reset', 'GET /v1/password/reset/:token',
  'GET /v1/public/twibbons/:customKey', 'POST /v1/public/twibbons/:customKey/uses', 'GET /t/:customKey',
  'GET /v1/public/events/:eventId', 'GET /e/:eventId', 'GET /e/:eventId/og.jpg', 'GET /v1/public/challenge',
  'POST /v1/public/events/:eventId/registrations', 'POST /v1/public/events/:eventId/uploads', 'GET /v1/public/tickets/:ticketCode',
  'POST /v1/public/events/:eventId/tickets/resend',
  'GET /e/:eventId/ticket/:ticketCode', 'GET /e/:eventId/ticket/:ticketCode/calendar.ics',
  'POST /v1/public/attendance', 'GET /u/:token', 'POST /u/:token',
  'POST /v1/public/tickets/:ticketCode/cancel', 'POST /v1/public/events/:eventId/waitlist', 'POST /v1/public/waitlist-offers/:token/accept',
  'GET /e/:eventId/tawaran/:token',
  'GET /e/:eventId/embed', 'GET /e/:eventId/embed/ticket/:ticketCode',
  'GET /v1/public/tickets/:ticketCode/evaluation', 'POST /v1/public/tickets/:ticketCode/evaluation',
  'GET /v1/public/tickets/:ticketCode/certificates', 'GET /v1/public/tickets/:ticketCode/certificates/:certificateId/pdf',
  // Meta calls it: the handshake's verify token and each callback's signature are its authentication.
  'GET /v1/whatsapp/webhook', 'POST /v1/whatsapp/webhook',
];
const UUID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let tokens: { org1: string; admin: string; expired: string; participant: string; key: string; revokedKey: string };

beforeAll(async () => {
  // Keys make many calls here: the per-key limit is api-keys.test's.
  const team = await createTeamApp({ API_KEY_RATE_LIMIT: '1000000' });
  t = team.t;
  const key = tokenKey(TEST_JWT_SECRET);
  const [live] = await t.database.db.insert(authSessions).values({ userId: team.ids.org1, platform: 'eo_dashboard' }).returning();
  const [theirs] = await t.database.db.insert(authSessions).values({ userId: team.ids.participant, platform: 'eo_dashboard' }).returning();
  tokens = {
    org1: team.org1,
    admin: team.admin,
    // A real session, signed with the right key, that expired an hour ago.
    expired: await signAccessToken(key, { sub: team.ids.org1, sid: live.id }, 60, Date.now() - 3_600_000),
    participant: await signAccessToken(key, { sub: team.ids.participant, sid: theirs.id }, 3600),
    ...await apiKeys(team.org1),
  };
});
afterAll(() => t.close());

/** A live key of organizer1's organization with every scope, and one made and revoked. */
async function apiKeys(token: string) {
  const make = async () => (await call(t.app, { method: 'POST', url: '/v1/organization/api-keys', token, payload: { name: 'Kunci matriks', scopes: [...API_KEY_SCOPES] } })).body.data.result as { id: string; key: string };
  const [live, revoked] = [await make(), await make()];
  expect((await call(t.app, { method: 'DELETE', url: `/v1/organization/api-keys/${revoked.id}`, token })).status).toBe(200);
  return { key: live.key, revokedKey: revoked.key };
}

/** Every method + URL of the app's own routes, with what it asks of the caller. */
function routes() {
  return t.app.routeTable
    // The docs UI and the web app's static files are registered public by their plugins.
    .filter((r) => !r.url.startsWith('/docs') && !r.url.includes('*') && r.url !== '/' && !r.url.startsWith('/files/') && !r.url.startsWith('/assets'))
    .flatMap((r) => ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({
      method, url: r.url, access: ((r.config as { access?: string } | undefined)?.access ?? 'user') as string,
    })));
}
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, UUID);

describe('authorization matrix', () => {
  it('names every route that needs no caller; nothing else is public', () => {
    const open = routes().filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('no token and an expired token → 401; a participant → 403; an organizer on admin routes → 403', async () => {
    const checked: string[] = [];
    for (const r of routes().filter((x) => x.access === 'user' || x.access === 'admin')) {
      const url = concrete(r.url);
      const send = (token?: string) => call(t.app, { method: r.method as 'GET', url, token, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect((await send()).status, `${r.method} ${r.url} without a token`).toBe(401);
      expect((await send(tokens.expired)).status, `${r.method} ${r.url} with an expired token`).toBe(401);
      const participant = await send(tokens.participant);
      expect(participant.status, `${r.method} ${r.url} as a participant`).toBe(403);
      expect(participant.body.message).toBe('Restriced access');
      if (r.access === 'admin') expect((await send(tokens.org1)).status, `${r.method} ${r.url} as an organizer`).toBe(403);
      expect((await send(tokens.revokedKey)).status, `${r.method} ${r.url} with a revoked API key`).toBe(401);
      expect((await send(`${API_KEY_PREFIX}${'x'.repeat(32)}`)).status, `${r.method} ${r.url} with an unknown API key`).toBe(401);
      if (r.access === 'admin') {
        const byKey = await send(tokens.key);
        expect([byKey.status, byKey.body.messageId], `${r.method} ${r.url} as an API key`).toEqual([403, 'FORBIDDEN_SCOPE']);
      }
      checked.push(`${r.method} ${r.url}`);
    }
    // The matrix really walked the product, not an empty table.
    expect(checked.length).toBeGreaterThan(40);
    expect(checked).toEqual(expect.arrayContaining([
      'GET /v1/events/lists', 'POST /v1/transactions/eo/coin/withdrawal', 'POST /v1/admin/withdrawals/:referenceId/status', 'PUT /v1/certificates/:id',
    ]));
  });

  it('the platform intake refuses calls without its key', async () => {
    const platform = routes().filter((r) => r.access === 'platform');
    expect(platform.length).toBeGreaterThan(0);
    for (const r of platform) {
      const res = await call(t.app, { method: r.method as 'POST', url: concrete(r.url), payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {}, token: tokens.org1 });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
