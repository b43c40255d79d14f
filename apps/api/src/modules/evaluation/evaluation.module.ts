import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { evaluationInviteJobs } from './evaluation-invite.job.js';
import { evaluationRoutes } from './evaluation.routes.js';
import { EvaluationService } from './evaluation.service.js';

/**
 * The routes of evaluation forms, and the jobs that invite attendees once a form opens; its
 * service also serves the e-ticket page's section.
 */
export function createEvaluationModule({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string }) {
  const service = new EvaluationService(db);
  return {
    evaluation: service,
    routes: (app: FastifyInstance) => evaluationRoutes(app, service),
    jobs: () => evaluationInviteJobs({ db, mailer, publicUrl, evaluation: service }),
  };
}
