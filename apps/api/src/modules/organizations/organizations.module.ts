import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import type { MembershipCache } from '../../lib/membership-cache.js';
import type { AuthService } from '../auth/auth.service.js';
import { AuditLogService } from './audit-log.service.js';
import { InvitationsService } from './invitations.service.js';
import { MembersService } from './members.service.js';
import { organizationsRoutes } from './organizations.routes.js';

/**
 * Organizations: their members, invitations and audit log. `memberships` is the gate's cache,
 * told of each membership change; `auth` authenticates the optional bearer token of the public
 * accept route.
 */
export function createOrganizationsModule({ db, mailer, auth, publicUrl, memberships }: {
  db: Db; mailer: Mailer; auth: AuthService; publicUrl: string; memberships: MembershipCache;
}) {
  const services = {
    members: new MembersService(db, memberships),
    invitations: new InvitationsService(db, mailer, publicUrl, memberships),
    auditLog: new AuditLogService(db),
  };
  return { routes: (app: FastifyInstance) => organizationsRoutes(app, services, auth) };
}
