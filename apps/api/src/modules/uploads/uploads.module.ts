import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/storage.js';
import { removeAbandonedAnswersJob } from './remove-abandoned-answers.job.js';
import { uploadsRoutes } from './uploads.routes.js';
import { UploadService } from './uploads.service.js';

export function createUploadsModule({ db, storage }: { db: Db; storage: FileStore }) {
  const uploads = new UploadService(db, storage);
  return {
    uploads,
    routes: (app: FastifyInstance) => uploadsRoutes(app, uploads, storage),
    /** The scheduled removal of abandoned answer uploads (jobs/). */
    jobs: () => [removeAbandonedAnswersJob(uploads)],
  };
}
