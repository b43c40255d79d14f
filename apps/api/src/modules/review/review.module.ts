import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';

export function createReviewModule({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string }) {
  const review = new ReviewService(db, mailer, publicUrl);
  return { routes: (app: FastifyInstance) => reviewRoutes(app, review) };
}
