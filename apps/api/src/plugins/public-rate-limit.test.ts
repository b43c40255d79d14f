import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import { createTestApp, tokenFor, type TestApp } from '../../test/harness.js';
import { createUsers } from '../../test/fixtures.js';
import { RATE_LIMITED_ROUTES } from './public-rate-limit.js';

/** The public routes allow PUBLIC_RATE_LIMIT requests a minute per address, then 429 with Retry-After. */
const LIMIT = 3;
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: String(LIMIT) });
  await createUsers(t.database.db);
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
});
afterAll(() => t.close());

const requests: Record<(typeof RATE_LIMITED_ROUTES)[number], { method: 'GET' | 'POST'; url: string; payload?: object; auth?: boolean }> = {
  '/verify/:serial': { method: 'GET', url: '/verify/SNDA-2026-001' },
  '/v1/certificates/verify/:serial': { method: 'GET', url: '/v1/certificates/verify/SNDA-2026-001' },
  '/v1/doc/event/:file': { method: 'GET', url: '/v1/doc/event/invoice-00000000-0000-4000-8000-000000000000.pdf?exp=1&sig=x' },
  '/v1/login/refresh': { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: 'not-a-token', platform: 'eo_dashboard' } },
  '/v1/places': { method: 'GET', url: '/v1/places?q=bandung', auth: true },
  '/v1/password/forgot': { method: 'POST', url: '/v1/password/forgot', payload: { email: 'tidak-ada@contoh.id' } },
  '/v1/password/reset': { method: 'POST', url: '/v1/password/reset', payload: { token: 'x'.repeat(43), password: 'password-baru-1' } },
  '/v1/password/reset/:token': { method: 'GET', url: `/v1/password/reset/${'x'.repeat(43)}` },
  // An unknown key (404) still counts against the address: the limit runs before the handler.
  '/v1/public/twibbons/:customKey/uses': { method: 'POST', url: '/v1/public/twibbons/tidak-ada/uses' },
  '/v1/public/challenge': { method: 'GET', url: '/v1/public/challenge' },
  '/v1/public/events/:eventId/registrations': { method: 'POST', url: '/v1/public/events/00000000-0000-4000-8000-000000000000/registrations', payload: { ticketId: 'x' } },
  '/v1/public/events/:eventId/uploads': { method: 'POST', url: '/v1/public/events/00000000-0000-4000-8000-000000000000/uploads' },
  '/v1/public/events/:eventId/tickets/resend': { method: 'POST', url: '/v1/public/events/00000000-0000-4000-8000-000000000000/tickets/resend', payload: { email: 'siapa@contoh.id' } },
  '/v1/public/tickets/:ticketCode': { method: 'GET', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA' },
  '/e/:eventId/ticket/:ticketCode': { method: 'GET', url: '/e/00000000-0000-4000-8000-000000000000/ticket/AAAAAAAAAAAAAAAAAAAAAA' },
  '/e/:eventId/embed/ticket/:ticketCode': { method: 'GET', url: '/e/00000000-0000-4000-8000-000000000000/embed/ticket/AAAAAAAAAAAAAAAAAAAAAA' },
  '/e/:eventId/ticket/:ticketCode/calendar.ics': { method: 'GET', url: '/e/00000000-0000-4000-8000-000000000000/ticket/AAAAAAAAAAAAAAAAAAAAAA/calendar.ics' },
  '/v1/public/tickets/:ticketCode/cancel': { method: 'POST', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA/cancel', payload: { email: 'siapa@contoh.id' } },
  '/v1/public/events/:eventId/waitlist': { method: 'POST', url: '/v1/public/events/00000000-0000-4000-8000-000000000000/waitlist', payload: { ticketId: 'x' } },
  '/v1/public/waitlist-offers/:token/accept': { method: 'POST', url: '/v1/public/waitlist-offers/AAAAAAAAAAAAAAAAAAAAAA/accept' },
  '/e/:eventId/tawaran/:token': { method: 'GET', url: '/e/00000000-0000-4000-8000-000000000000/tawaran/AAAAAAAAAAAAAAAAAAAAAA' },
  '/v1/public/tickets/:ticketCode/evaluation': { method: 'POST', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA/evaluation', payload: { answers: [] } },
  '/v1/public/tickets/:ticketCode/certificates': { method: 'GET', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA/certificates' },
  '/v1/public/tickets/:ticketCode/certificates/:certificateId/pdf': {
    method: 'GET', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA/certificates/00000000-0000-4000-8000-000000000000/pdf',
  },
  '/v1/public/attendance': { method: 'POST', url: '/v1/public/attendance', payload: { ticketCode: 'AAAAAAAAAAAAAAAAAAAAAA', code: 'ABCD' } },
};

describe('per-address limits on public routes', () => {
  for (const route of RATE_LIMITED_ROUTES) {
    it(`${route}: request ${LIMIT + 1} from one address is 429 with Retry-After; another address still passes`, async () => {
      const { auth, ...req } = requests[route];
      const send = (remoteAddress: string) => t.app.inject({ ...req, remoteAddress, headers: auth ? { authorization: `Bearer ${token}` } : {} });
      for (let i = 0; i < LIMIT; i++) expect((await send('203.0.113.7')).statusCode).not.toBe(429);
      const over = await send('203.0.113.7');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ messageId: MESSAGE_ID.tooManyRequests, message: expect.stringMatching(/Coba lagi dalam \d+ detik/) });
      expect((await send('203.0.113.8')).statusCode).not.toBe(429);
    });
  }

  it('other routes are not limited', async () => {
    for (let i = 0; i < LIMIT + 2; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
  });
});
