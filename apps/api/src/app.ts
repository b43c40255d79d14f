import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import { API_KEY_SCOPES, UPLOAD_MAX_BYTES } from '@eo/contract';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import { createJobModules, jobDefinitions } from './background-jobs.js';
import { registerAuth, registerPublic } from './plugins/auth.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { refuseUnstorableText } from './plugins/unstorable-text.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerResponseSerializer } from './plugins/response-serializer.js';
import { trackInflight } from './plugins/inflight.js';
import { recordRoutes } from './plugins/route-table.js';
import { registerWebApp } from './plugins/web-app.js';
import { createAccountModule } from './modules/account/account.module.js';
import { createAuthModule } from './modules/auth/auth.module.js';
import { createBanksModule } from './modules/banks/banks.module.js';
import { createCheckinsModule } from './modules/checkins/checkins.module.js';
import { createEventsModule } from './modules/events/events.module.js';
import { createHealthModule } from './modules/health/health.module.js';
import { createInsightModule } from './modules/insight/insight.module.js';
import { createInvoicesModule } from './modules/invoices/invoices.module.js';
import { InvoiceLinks } from './modules/invoices/invoice-link.js';
import { createMaintenanceModule } from './modules/maintenance/maintenance.module.js';
import { createOrganizationsModule } from './modules/organizations/organizations.module.js';
import { createParticipantsModule } from './modules/participants/participants.module.js';
import { createSeatsModule } from './modules/seats/seats.module.js';
import { createPlacesModule } from './modules/places/places.module.js';
import { createPublicEventsModule } from './modules/public-events/public-events.module.js';
import { EMBED_FRAME_ENTRY, REGISTER_ENTRY } from './modules/public-events/public-events.service.js';
import { entryAssets } from './lib/public-assets.js';
import { createPublicRegistrationModule } from './modules/public-registration/public-registration.module.js';
import { ATTENDANCE_ENTRY } from './modules/public-registration/ticket-page.js';
import { createReviewModule } from './modules/review/review.module.js';
import { createSalesModule } from './modules/sales/sales.module.js';
import { createTrackingLinksModule } from './modules/tracking-links/tracking-links.module.js';
import { createTwibbonModule } from './modules/twibbon/twibbon.module.js';
import { createUsersModule } from './modules/users/users.module.js';
import { createMailer } from './lib/mailer.js';
import { startWorker } from './jobs/queue.js';
import { workerJobs, type JobDefinition } from './jobs/job-definition.js';
import { registerPublicRateLimits } from './plugins/public-rate-limit.js';
import { apiKeyRateLimit } from './plugins/api-key-rate-limit.js';
import { createApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { openStore } from './lib/storage/open-store.js';
import type { FileStore } from './lib/storage/storage.js';
import { MembershipCache } from './lib/membership-cache.js';
import { EventCache } from './lib/event-cache.js';
import { logStream } from './lib/log-stream.js';

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
  /** Where files live; by default the one the configuration names, opened (and closed) here. */
  storage?: FileStore;
}

/**
 * Background workers (DESIGN.md): started when the app is ready, stopped (current step finished)
 * on close. They dispatch every job definition by id, scheduled ones included.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs with different payloads
function runJobWorkers(app: FastifyInstance, count: number, definitions: () => JobDefinition<any>[], db: Database['db'], leaseMs: number) {
  let workers: ReturnType<typeof startWorker>[] = [];
  app.decorate('runningJobs', () => workers.flatMap((w) => w.running()));
  app.addHook('onReady', async () => {
    workers = Array.from({ length: count }, () => startWorker({ db, ...workerJobs(definitions()), log: app.log, leaseMs }));
  });
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });
}

export async function buildApp({ config, database, logger = true, prettyLogs = false, storage: given }: BuildOptions): Promise<FastifyInstance> {
  // First: an unreachable bucket fails the start before anything else is set up.
  const storage = given ?? await openStore(config);
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, ...(prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : { stream: logStream() }) }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // The spec's calls are written both with and without a trailing slash (`v1/events/update/?id=`).
    // A path parameter past the router's limit (100 by default) matches no route: a GET falls
    // through to the web app's shell and a POST is answered 414. Up to 512 they reach their
    // route, whose schema refuses what is too long with a clear 400 (an unsubscribe link naming
    // its address in base64 is up to 409 characters).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    frameworkErrors,
  });
  trackInflight(app);
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app, { checked: config.checkResponses });
  registerErrorHandling(app);
  refuseUnstorableText(app);

  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'EO Dashboard provider API', version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A dashboard session\'s access token (POST /v1/login/email).' },
          apiKey: {
            type: 'http', scheme: 'bearer', bearerFormat: 'eo_live_…',
            description: 'An organization API key (POST /v1/organization/api-keys): acts for its own organization only, '
              + `within its scopes (${API_KEY_SCOPES.join(', ')}); any other call is 403 FORBIDDEN_SCOPE. `
              + 'Limited per key (API_KEY_RATE_LIMIT a minute, then 429 with Retry-After).',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
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
  if (!given) app.addHook('onClose', async () => storage.close());
  const mailer = createMailer(config, app.log);
  // What the access gate knows of memberships, emptied by every change (lib/membership-cache.ts).
  const memberships = new MembershipCache();
  await memberships.start(database);
  app.addHook('onClose', async () => memberships.stop());
  // What the gate knows of events, and the event lists, emptied by every change of one (lib/event-cache.ts).
  const eventCache = new EventCache();
  await eventCache.start(database);
  app.addHook('onClose', async () => eventCache.stop());
  app.addHook('onClose', async () => mailer.close());
  // The stored maintenance status, kept while unchanged (every open dashboard asks each minute).
  const maintenanceModule = createMaintenanceModule({ db, url: config.maintenanceUrl, log: app.log });
  await maintenanceModule.maintenance.start(database);
  app.addHook('onClose', async () => maintenanceModule.maintenance.stop());
  // Every module's services are built here, once; a module gets the services of others it calls.
  const authModule = createAuthModule({ db, config });
  const { auth } = authModule;
  const eventsModule = createEventsModule({ db });
  const { events } = eventsModule;
  const links = new InvoiceLinks(config.jwtSecret);
  const jobModules = createJobModules({ db, storage, mailer, config });
  const { payouts: payoutsModule, certificates: certificatesModule, uploads: uploadsModule, platform: platformModule, messages: messagesModule, proofOfWork: proofOfWorkModule } = jobModules;
  const { platform } = platformModule;
  const trackingLinksModule = createTrackingLinksModule({ db, publicUrl: config.publicUrl });
  const frameAssets = entryAssets(config.webDist, EMBED_FRAME_ENTRY);
  const publicEventsModule = createPublicEventsModule({
    db, storage, publicUrl: config.publicUrl, siteName: config.publicSiteName, secret: config.jwtSecret,
    recordViews: (eventId, now) => platform.recordViews(eventId, now), assets: entryAssets(config.webDist, REGISTER_ENTRY), frameAssets,
    recordLinkVisit: (eventId, code) => trackingLinksModule.trackingLinks.recordVisit(eventId, code),
    whatsapp: jobModules.whatsapp.outbox.enabled,
  });
  const participantsModule = createParticipantsModule({ db, uploads: uploadsModule.uploads });
  const evaluationModule = jobModules.evaluation;
  const apiKeysModule = createApiKeysModule({ db });
  const modules = [
    createHealthModule({ database }),
    authModule,
    createAccountModule({ db, auth, mailer, config, log: app.log }),
    createBanksModule(),
    eventsModule,
    createSalesModule({ db, links, events }),
    participantsModule,
    createSeatsModule({ db, participants: participantsModule.participants, waitlist: jobModules.seats.waitlist }),
    createCheckinsModule({ db }),
    evaluationModule,
    messagesModule,
    createInvoicesModule({ db, auth, links }),
    maintenanceModule,
    uploadsModule,
    createTwibbonModule({ db, events, webDist: config.webDist, publicUrl: config.publicUrl, siteName: config.publicSiteName, secret: config.jwtSecret }),
    createPlacesModule({ config, log: app.log }),
    createUsersModule({ db }),
    platformModule,
    publicEventsModule,
    proofOfWorkModule,
    createPublicRegistrationModule({
      db, registrations: platformModule.registrations, waitlist: jobModules.seats.waitlist, uploads: uploadsModule.uploads, proofOfWork: proofOfWorkModule.gate, publicUrl: config.publicUrl,
      siteName: config.publicSiteName, uploadCaps: { secret: config.jwtSecret, senderBytesPerHour: config.publicUploadMbPerHour * 1024 * 1024 },
      assets: entryAssets(config.webDist, ATTENDANCE_ENTRY), frameAssets, certificates: certificatesModule.participants, evaluation: evaluationModule.evaluation,
    }),
    createReviewModule({ db, mailer, publicUrl: config.publicUrl }),
    createInsightModule({ db }),
    trackingLinksModule,
    certificatesModule,
    payoutsModule,
    createOrganizationsModule({ db, mailer, auth, publicUrl: config.publicUrl, memberships }),
    apiKeysModule,
    jobModules.whatsapp,
    jobModules.webhooks,
  ];
  registerAuth(app, db, auth, config.platformApiKey, { memberships, apiKeys: { auth: apiKeysModule.auth, limit: apiKeyRateLimit(app, config.apiKeyRateLimit) } });
  for (const m of modules) m.routes(app);
  runJobWorkers(app, config.jobWorkers, () => jobDefinitions(jobModules), db, config.jobLeaseMs);
  await registerWebApp(app, config.webDist);
  return app;
}
