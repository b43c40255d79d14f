import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { participantsRoutes } from './participants.routes.js';
import { ParticipantsService } from './participants.service.js';

export function createParticipantsModule({ db }: { db: Db }) {
  const participants = new ParticipantsService(db);
  return { routes: (app: FastifyInstance) => participantsRoutes(app, participants) };
}
