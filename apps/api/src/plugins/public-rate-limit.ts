import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fill, RATE_MSG } from '@eo/contract';
import { DomainError, ERROR_CODE } from '../lib/errors.js';

/**
 * Public routes that are worth hammering: certificate verification (serials are
 * sequential), the signed invoice link, token refresh, the places search, the password reset calls,
 * the twibbon download counter and the public pages' challenges, registrations, answer uploads, e-tickets and e-ticket resends. Each gets
 * `perMinute` requests per client address (request.ip: X-Forwarded-For only with TRUST_PROXY),
 * counted per route in this process's memory; over it, 429 with Retry-After.
 */
export const RATE_LIMITED_ROUTES = [
  '/verify/:serial',
  '/v1/certificates/verify/:serial',
  '/v1/doc/event/:file',
  '/v1/login/refresh',
  '/v1/places',
  '/v1/password/forgot',
  '/v1/password/reset',
  '/v1/password/reset/:token',
  '/v1/public/twibbons/:customKey/uses',
  // The public pages' proof-of-work challenges (each costs the server a key derivation),
  // registrations, answer uploads, e-ticket resends and e-tickets.
  '/v1/public/challenge',
  '/v1/public/events/:eventId/registrations',
  // The evaluation form by e-ticket code, read and answered; the participant's certificates and their PDFs.
  '/v1/public/tickets/:ticketCode/evaluation',
  '/v1/public/tickets/:ticketCode/certificates',
  '/v1/public/tickets/:ticketCode/certificates/:certificateId/pdf',
  '/v1/public/events/:eventId/uploads',
  '/v1/public/events/:eventId/tickets/resend',
  '/v1/public/tickets/:ticketCode',
  // Seats: a participant cancelling, joining a waiting list, accepting an offer.
  '/v1/public/tickets/:ticketCode/cancel',
  '/v1/public/events/:eventId/waitlist',
  '/v1/public/waitlist-offers/:token/accept',
  '/e/:eventId/tawaran/:token',
  '/e/:eventId/ticket/:ticketCode',
  '/e/:eventId/embed/ticket/:ticketCode',
  '/e/:eventId/ticket/:ticketCode/calendar.ics',
  // Online attendance (the wrong codes are also limited per participant).
  '/v1/public/attendance',
] as const;

/** Call before any route is declared: the limits attach to routes as they are added. */
export async function registerPublicRateLimits(app: FastifyInstance, perMinute: number) {
  const limited = new Set<string>(RATE_LIMITED_ROUTES);
  app.addHook('onRoute', (route) => {
    if (limited.has(route.url)) {
      route.config = { ...(route.config ?? {}), rateLimit: { max: perMinute, timeWindow: 60_000 } };
    }
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    // Thrown, so the error plugin writes API.md's body; the plugin has set Retry-After already.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new DomainError(ERROR_CODE.tooManyRequests, fill(RATE_MSG.tooMany, { seconds }), { retryAfterSeconds: seconds });
    },
  });
}
