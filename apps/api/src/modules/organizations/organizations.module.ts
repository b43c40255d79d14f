import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import type { MembershipCache } from '../../lib/membership-cache.js';
import type { AuthService } from '../auth/auth.service.js';
import { organizationsRoutes } from './organizations.routes.js';
import { OrganizationsService } from './organizations.service.js';

/** `auth` authenticates the optional bearer token of the public accept route. */
export function createOrganizationsModule({ db, mailer, auth, publicUrl, memberships }: {
  db: Db; mailer: Mailer; auth: AuthService; publicUrl: string; memberships: MembershipCache;
}) {
  const organizations = new OrganizationsService(db, mailer, publicUrl, memberships);
  return { routes: (app: FastifyInstance) => organizationsRoutes(app, organizations, auth) };
}
