import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { mailTicketJob, resendTicketJob } from './mail-ticket.job.js';
import { platformRoutes } from './platform.routes.js';
import { PlatformService } from './platform.service.js';
import { RegistrationService } from './registration.service.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

/**
 * The platform intake, and the one registration service (`registrations`) that the public
 * pages' module registers through too: both queue the e-ticket mail (`jobs`) with the registration.
 */
export function createPlatformModule({ db, mailer, publicUrl, whatsapp }: { db: Db; mailer: Mailer; publicUrl: string; whatsapp?: WhatsAppOutbox }) {
  const registrations = new RegistrationService(db);
  const platform = new PlatformService(db, registrations);
  return {
    platform,
    registrations,
    routes: (app: FastifyInstance) => platformRoutes(app, platform),
    /** Mailing the e-ticket of a committed registration, and again when asked for (jobs/). */
    jobs: () => [mailTicketJob({ db, mailer, publicUrl, whatsapp }), resendTicketJob({ db, mailer, publicUrl })],
  };
}
