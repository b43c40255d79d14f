import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ParticipantsService } from '../participants/participants.service.js';
import { seatsRoutes } from './seats.routes.js';
import { SeatsService } from './seats.service.js';
import type { WaitlistService } from './waitlist.service.js';

/** The routes of seats (built with the participant list they read through and the job modules' waiting list). */
export function createSeatsModule({ db, participants, waitlist }: { db: Db; participants: ParticipantsService; waitlist: WaitlistService }) {
  const seats = new SeatsService(db, participants);
  return { routes: (app: FastifyInstance) => seatsRoutes(app, seats, waitlist) };
}
