import type { FastifyInstance } from 'fastify';
import { ACCOUNT, ORG_MSG } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { AccountService } from './account.service.js';

/** API.md, "Organizations and accounts": the profile and the password calls. */
export function accountRoutes(app: FastifyInstance, account: AccountService) {
  route(app, ACCOUNT.profile, async (request) => ({ data: { result: await account.profile(callerOf(request)) } }));

  route(app, ACCOUNT.forgotPassword, async (request) => {
    await account.forgotPassword(request.body.email);
    return { message: ORG_MSG.resetLinkSent, data: null };
  });

  route(app, ACCOUNT.resetLink, async (request) => ({ data: { result: await account.resetLink(request.params.token) } }));

  route(app, ACCOUNT.resetPassword, async (request) => {
    await account.resetPassword(request.body.token, request.body.password);
    return { message: ORG_MSG.passwordChanged, data: null };
  });

  route(app, ACCOUNT.changePassword, async (request) => {
    await account.changePassword(callerOf(request), request.body.currentPassword, request.body.newPassword);
    return { message: ORG_MSG.passwordChanged, data: null };
  });
}
