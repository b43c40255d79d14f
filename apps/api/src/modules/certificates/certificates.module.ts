import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/storage.js';
import type { Mailer } from '../../lib/mailer.js';
import { CertificatePreviewService } from './certificate-preview.service.js';
import { CertificateVerifyService } from './certificate-verify.service.js';
import { certificatesRoutes } from './certificates.routes.js';
import { CertificatesService } from './certificates.service.js';
import { issueEligibleJob } from './eligible/issue-eligible.job.js';
import { certificateJobs, type PublishDeps } from './publish/publish-certificate.job.js';
import { participantCertificatesRoutes } from './participant/participant-certificates.routes.js';
import { ParticipantCertificatesService } from './participant/participant-certificates.service.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

export function createCertificatesModule({ db, storage, mailer, config, whatsapp }: {
  db: Db; storage: FileStore; mailer: Mailer; config: Pick<Config, 'preview' | 'certRecipientsPerDay' | 'publicUrl'>; whatsapp?: WhatsAppOutbox;
}) {
  const services = {
    certificates: new CertificatesService(db, config.certRecipientsPerDay),
    previews: new CertificatePreviewService(db, storage, config.preview),
    verifier: new CertificateVerifyService(db),
  };
  const participants = new ParticipantCertificatesService(db, { storage, publicUrl: config.publicUrl });
  return {
    routes: (app: FastifyInstance) => {
      certificatesRoutes(app, services);
      participantCertificatesRoutes(app, participants);
    },
    /** A participant's certificates by e-ticket code (the e-ticket page lists them). */
    participants,
    /** Publishing: render and mail every recipient; and issuing by rules to whoever qualifies later (jobs/). */
    jobs: () => {
      const deps: PublishDeps = { db, storage, mailer, publicUrl: config.publicUrl, recipientsPerDay: config.certRecipientsPerDay, whatsapp };
      return [...certificateJobs(deps), issueEligibleJob(deps)];
    },
  };
}
