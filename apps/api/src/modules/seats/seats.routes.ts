import type { FastifyInstance } from 'fastify';
import { SEATS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { SeatsService } from './seats.service.js';

/** Seats: pending registrations and the decisions on them, and cancellations (the organizer's and the participant's own). */
export function seatsRoutes(app: FastifyInstance, seats: SeatsService) {
  route(app, SEATS.pending, async (request) => ({ data: await seats.pending(callerOf(request), request.params.id, request.query) }));
  route(app, SEATS.decide, async (request) => ({ data: { result: await seats.decide(callerOf(request), request.params.id, request.body) } }));
  route(app, SEATS.cancel, async (request) => ({
    data: { result: await seats.cancelByOrganizer(callerOf(request), request.params.id, request.params.registrantId, request.body.reason) },
  }));
  route(app, SEATS.cancelOwn, async (request) => ({ data: { result: await seats.cancelOwn(request.params.ticketCode, request.body.email) } }));
}
