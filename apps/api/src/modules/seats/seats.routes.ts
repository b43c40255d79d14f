import type { FastifyInstance } from 'fastify';
import { SEATS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { SeatsService } from './seats.service.js';
import type { WaitlistService } from './waitlist.service.js';

/** Seats: pending registrations and the decisions on them, cancellations, and the waiting list's offers and keeping. */
export function seatsRoutes(app: FastifyInstance, seats: SeatsService, waitlist: WaitlistService) {
  route(app, SEATS.pending, async (request) => ({ data: await seats.pending(callerOf(request), request.params.id, request.query) }));
  route(app, SEATS.decide, async (request) => ({ data: { result: await seats.decide(callerOf(request), request.params.id, request.body) } }));
  route(app, SEATS.cancel, async (request) => ({
    data: { result: await seats.cancelByOrganizer(callerOf(request), request.params.id, request.params.registrantId, request.body.reason) },
  }));
  route(app, SEATS.cancelOwn, async (request) => ({ data: { result: await seats.cancelOwn(request.params.ticketCode, request.body.email) } }));
  route(app, SEATS.acceptOffer, async (request) => ({ data: { result: await waitlist.accept(request.params.token) } }));
  route(app, SEATS.waitlist, async (request) => ({ data: await waitlist.list(callerOf(request), request.params.id, request.query) }));
  route(app, SEATS.removeFromWaitlist, async (request, reply) => {
    await waitlist.remove(callerOf(request), request.params.id, request.params.waitlistId);
    return reply.status(204).send(null);
  });
}
