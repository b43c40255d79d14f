import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthService } from '../auth/auth.service.js';
import { accountRoutes } from './account.routes.js';
import { AccountService, type AccountLog, type AccountSettings } from './account.service.js';

export function createAccountModule({ db, auth, mailer, config, log }: { db: Db; auth: AuthService; mailer: Mailer; config: AccountSettings; log: AccountLog }) {
  const account = new AccountService(db, auth, mailer, config, log);
  return {
    account,
    routes: (app: FastifyInstance) => {
      accountRoutes(app, account);
      // Reset mails leave after their answer: let them land before the mailer closes.
      app.addHook('onClose', () => account.settle());
    },
  };
}
