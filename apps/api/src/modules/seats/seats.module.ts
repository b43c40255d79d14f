import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ParticipantsService } from '../participants/participants.service.js';
import { seatsRoutes } from './seats.routes.js';
import { SeatsService } from './seats.service.js';

/** The organizer's routes of seats (built with the participant list they read through). */
export function createSeatsModule({ db, participants }: { db: Db; participants: ParticipantsService }) {
  const seats = new SeatsService(db, participants);
  return { routes: (app: FastifyInstance) => seatsRoutes(app, seats) };
}
