import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { JobDefinition } from './jobs/job-definition.js';
import type { FileStore } from './lib/storage/storage.js';
import type { Mailer } from './lib/mailer.js';
import { createCertificatesModule } from './modules/certificates/certificates.module.js';
import { createEvaluationModule } from './modules/evaluation/evaluation.module.js';
import { createMessagesModule } from './modules/messages/messages.module.js';
import { createPayoutsModule } from './modules/payouts/payouts.module.js';
import { createPlatformModule } from './modules/platform/platform.module.js';
import { createProofOfWorkModule } from './modules/proof-of-work/proof-of-work.module.js';
import { compactCountersJob } from './modules/sales/compact-counters.job.js';
import { seatMailJob } from './modules/seats/seat-mail.job.js';
import { waitlistJobs } from './modules/seats/waitlist.jobs.js';
import { WaitlistService } from './modules/seats/waitlist.service.js';
import { createUploadsModule } from './modules/uploads/uploads.module.js';
import { createWhatsAppModule } from './modules/whatsapp/whatsapp.module.js';
import { createWebhooksModule } from './modules/webhooks/webhooks.module.js';

export interface JobModuleDeps {
  db: Db;
  storage: FileStore;
  mailer: Mailer;
  config: Config;
}

/**
 * The modules that own background jobs, built one way for the API process (app.ts, which also
 * registers their routes) and for the worker-only process (worker.ts, which only runs their jobs).
 */
export function createJobModules({ db, storage, mailer, config }: JobModuleDeps) {
  // WhatsApp beside the mails (configured or not: without it the outbox queues nothing).
  const whatsapp = createWhatsAppModule({ db, cfg: config.whatsapp, publicUrl: config.publicUrl });
  const platform = createPlatformModule({ db, mailer, publicUrl: config.publicUrl, whatsapp: whatsapp.outbox });
  const waitlist = new WaitlistService(db, platform.registrations);
  return {
    whatsapp,
    certificates: createCertificatesModule({ db, storage, mailer, config, whatsapp: whatsapp.outbox }),
    payouts: createPayoutsModule({ db, mailer, config }),
    uploads: createUploadsModule({ db, storage }),
    platform,
    messages: createMessagesModule({
      db, mailer, publicUrl: config.publicUrl, secret: config.jwtSecret, dailyCap: config.messages.dailyCap,
      ratePerSecond: config.messages.ratePerSecond, retryBaseMs: config.messages.retryBaseMs, whatsapp: whatsapp.outbox,
    }),
    proofOfWork: createProofOfWorkModule({ db, secret: config.jwtSecret, cost: config.altcha }),
    // Seats: the mails of a registration's status (pending, declined, cancelled); the waiting
    // list's offers, their lapse and its sweep. Its service serves the routes too (app.ts).
    seats: {
      waitlist,
      jobs: () => [
        seatMailJob({ db, mailer, publicUrl: config.publicUrl, whatsapp: whatsapp.outbox }),
        ...waitlistJobs({ db, mailer, publicUrl: config.publicUrl, waitlist, whatsapp: whatsapp.outbox }),
      ],
    },
    counters: { jobs: () => [compactCountersJob(db)] },
    // Evaluation forms: their routes (app.ts) and the invitations mailed once a form opens.
    evaluation: createEvaluationModule({ db, mailer, publicUrl: config.publicUrl }),
    // Webhooks: the organization's endpoints (routes, app.ts), their deliveries' tries and the switch-off mail.
    webhooks: createWebhooksModule({ db, mailer, publicUrl: config.publicUrl, ...config.webhooks }),
  };
}

/** Every job a worker dispatches by id, scheduled ones included. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs with different payloads
export function jobDefinitions(modules: ReturnType<typeof createJobModules>): JobDefinition<any>[] {
  return [
    ...modules.certificates.jobs(), ...modules.payouts.jobs(), ...modules.uploads.jobs(), ...modules.platform.jobs(), ...modules.messages.jobs(), ...modules.proofOfWork.jobs(),
    ...modules.seats.jobs(),
    ...modules.counters.jobs(),
    ...modules.evaluation.jobs(),
    ...modules.whatsapp.jobs(),
    ...modules.webhooks.jobs(),
  ];
}
