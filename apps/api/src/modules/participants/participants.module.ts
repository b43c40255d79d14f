import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { participantsRoutes } from './participants.routes.js';
import { ParticipantsService } from './participants.service.js';
import type { UploadService } from '../uploads/uploads.service.js';

export function createParticipantsModule({ db, uploads }: { db: Db; uploads: UploadService }) {
  const participants = new ParticipantsService(db, uploads);
  return { participants, routes: (app: FastifyInstance) => participantsRoutes(app, participants) };
}
