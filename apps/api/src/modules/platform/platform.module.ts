import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { platformRoutes } from './platform.routes.js';
import { PlatformService } from './platform.service.js';
import { RegistrationService } from './registration.service.js';

/**
 * The platform intake, and the one registration service (`registrations`) that the public
 * pages' module registers through too: both mail the e-ticket once a registration commits.
 */
export function createPlatformModule({ db, mailer, publicUrl, log }: {
  db: Db; mailer: Mailer; publicUrl: string; log: { error(obj: object, msg: string): void };
}) {
  const registrations = new RegistrationService(db, { mailer, publicUrl, log });
  const platform = new PlatformService(db, registrations);
  return { platform, registrations, routes: (app: FastifyInstance) => platformRoutes(app, platform) };
}
