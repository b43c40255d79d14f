import type { FastifyInstance } from 'fastify';
import { fill, INVITATIONS, ORG_MSG, ORGANIZATIONS } from '@eo/contract';
import { callerOf, optionalCaller, requestOrigin } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuditLogService } from './audit-log.service.js';
import type { InvitationsService } from './invitations.service.js';
import type { MembersService } from './members.service.js';

export function organizationsRoutes(app: FastifyInstance, { members, invitations, auditLog }: {
  members: MembersService; invitations: InvitationsService; auditLog: AuditLogService;
}, auth: AuthService) {
  route(app, ORGANIZATIONS.list, async (request) => ({ data: { docs: await members.list(callerOf(request)) } }));

  route(app, ORGANIZATIONS.members, async (request) => ({ data: await members.members(callerOf(request)) }));

  route(app, ORGANIZATIONS.invite, async (request) => {
    const result = await invitations.invite(callerOf(request), request.body);
    return { message: fill(ORG_MSG.invited, { email: result.email }), data: { result } };
  });

  route(app, ORGANIZATIONS.resendInvitation, async (request) => {
    const result = await invitations.resendInvitation(callerOf(request), request.params.invitationId);
    return { message: fill(ORG_MSG.invited, { email: result.email }), data: { result } };
  });

  route(app, ORGANIZATIONS.revokeInvitation, async (request) => ({
    data: { result: await invitations.revokeInvitation(callerOf(request), request.params.invitationId) },
  }));

  route(app, ORGANIZATIONS.changeRole, async (request) => ({
    data: { result: await members.changeRole(callerOf(request), request.params.userId, request.body.role) },
  }));

  route(app, ORGANIZATIONS.removeMember, async (request) => ({
    data: { result: await members.removeMember(callerOf(request), request.params.userId) },
  }));

  route(app, ORGANIZATIONS.leave, async (request) => ({ data: { result: await members.leave(callerOf(request)) } }));

  route(app, ORGANIZATIONS.audit, async (request) => ({ data: await auditLog.audit(callerOf(request), request.query) }));

  route(app, INVITATIONS.preview, async (request) => ({ data: { result: await invitations.preview(request.params.token) } }));

  route(app, INVITATIONS.accept, async (request) => {
    // Public for a new person; with a token, an existing user accepts as themselves.
    const signedIn = await optionalCaller(request, auth);
    return { data: { result: await invitations.accept(request.params.token, request.body, signedIn, requestOrigin(request)) } };
  });
}
