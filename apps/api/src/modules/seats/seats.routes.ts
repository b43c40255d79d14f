import type { FastifyInstance } from 'fastify';
import { SEATS } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { SeatsService } from './seats.service.js';

/** Seats, the organizer's side: pending registrations and the decisions on them. */
export function seatsRoutes(app: FastifyInstance, seats: SeatsService) {
  route(app, SEATS.pending, async (request) => ({ data: await seats.pending(callerOf(request), request.params.id, request.query) }));
  route(app, SEATS.decide, async (request) => ({ data: { result: await seats.decide(callerOf(request), request.params.id, request.body) } }));
}
