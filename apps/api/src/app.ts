import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@eo/contract';
import {
  jsonSchemaTransform, serializerCompiler, validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import { registerAuth, registerPublic } from './plugins/auth.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { refuseUnstorableText } from './plugins/unstorable-text.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { trackInflight } from './plugins/inflight.js';
import { recordRoutes } from './plugins/route-table.js';
import { registerWebApp } from './plugins/web-app.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { banksRoutes } from './modules/banks/banks.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { EventWriteService } from './modules/events/event-write.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { MaintenanceService } from './modules/maintenance/maintenance.service.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { PlacesService } from './modules/places/places.service.js';
import { Geocoder } from './modules/places/geocoder.js';
import { salesRoutes } from './modules/sales/sales.routes.js';
import { participantsRoutes } from './modules/participants/participants.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { InvoiceLinks } from './modules/invoices/invoice-link.js';
import { twibbonRoutes } from './modules/twibbon/twibbon.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { WithdrawalsService } from './modules/payouts/withdrawals.service.js';
import { createMailer } from './lib/mailer.js';
import { startWorker } from './jobs/queue.js';
import { workerJobs, type JobDefinition } from './jobs/job-definition.js';
import { registerPublicRateLimits } from './plugins/public-rate-limit.js';
import { certificateJobs } from './modules/certificates/publish/publish-certificate.job.js';
import { expireWithdrawalsJob } from './modules/payouts/expire-withdrawals.job.js';
import { insightRoutes } from './modules/insight/insight.routes.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { UploadService } from './modules/uploads/uploads.service.js';
import { FileStorage } from './lib/file-storage.js';
import { reviewRoutes } from './modules/review/review.routes.js';
import { ReviewService } from './modules/review/review.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Jobs this process's workers are handling now (for the shutdown report). */
    runningJobs(): { id: string; kind: string }[];
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Human-readable logs for a person at a terminal; JSON lines otherwise (for log shippers). */
  prettyLogs?: boolean;
}

/**
 * Background workers (DESIGN.md): started when the app is ready, stopped (current step finished)
 * on close. They dispatch every job definition by id, scheduled ones included.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs with different payloads
function runJobWorkers(app: FastifyInstance, count: number, definitions: () => JobDefinition<any>[], db: Database['db'], leaseMs: number) {
  let workers: ReturnType<typeof startWorker>[] = [];
  app.decorate('runningJobs', () => workers.flatMap((w) => w.running() ?? []));
  app.addHook('onReady', async () => {
    workers = Array.from({ length: count }, () => startWorker({ db, ...workerJobs(definitions()), log: app.log, leaseMs }));
  });
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });
}

export async function buildApp({ config, database, logger = true, prettyLogs = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, ...(prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}) }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // The spec's calls are written both with and without a trailing slash (`v1/events/update/?id=`).
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  trackInflight(app);
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseUnstorableText(app);

  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'EO Dashboard provider API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerPublic(app, async (scope) => {
    await scope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });

  await registerPublicRateLimits(app, config.publicRateLimit);

  // Unsigned cookies: the only one is the refresh token, random and checked against its stored hash.
  await app.register(cookie);

  // One file per request, cut off just past the largest size any docType accepts.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, parts: 8, fieldSize: 1000 },
  });

  const db = database.db;
  const storage = new FileStorage(path.join(config.dataDir, 'files'));
  const auth = new AuthService(db, config);
  const maintenance = new MaintenanceService(db, config.maintenanceUrl, app.log);
  registerAuth(app, auth, config.platformApiKey);

  healthRoutes(app, database);
  authRoutes(app, auth, config);
  banksRoutes(app);
  eventsRoutes(app, db, new EventWriteService(db));
  const invoiceLinks = new InvoiceLinks(config.jwtSecret);
  salesRoutes(app, db, invoiceLinks);
  participantsRoutes(app, db);
  invoicesRoutes(app, db, auth, invoiceLinks);
  maintenanceRoutes(app, maintenance);
  uploadsRoutes(app, new UploadService(db, storage), storage);
  twibbonRoutes(app, db);
  placesRoutes(app, new PlacesService(config.geocoderUrl ? new Geocoder({ url: config.geocoderUrl, ...config.geocoder }, app.log) : undefined));
  usersRoutes(app, db);
  platformRoutes(app, db);
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const withdrawals = new WithdrawalsService(db, mailer, config.withdrawals);
  payoutsRoutes(app, db, withdrawals, mailer);
  reviewRoutes(app, new ReviewService(db, mailer, config.publicUrl));
  insightRoutes(app, db);
  certificatesRoutes(app, db, storage, config);
  runJobWorkers(app, config.jobWorkers, () => [
    ...certificateJobs({ db, storage, mailer, publicUrl: config.publicUrl, recipientsPerDay: config.certRecipientsPerDay }),
    expireWithdrawalsJob(withdrawals),
  ], db, config.jobLeaseMs);
  await registerWebApp(app, config.webDist);
  return app;
}
