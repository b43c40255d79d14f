import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { expireWithdrawalsJob } from './expire-withdrawals.job.js';
import { payoutsRoutes } from './payouts.routes.js';
import { PayoutsService } from './payouts.service.js';
import { withdrawalAdmin } from './withdrawal-status.js';
import { WithdrawalListsService } from './withdrawal-lists.service.js';
import { WithdrawalsService } from './withdrawals.service.js';

export function createPayoutsModule({ db, mailer, config }: { db: Db; mailer: Mailer; config: Pick<Config, 'withdrawals'> }) {
  const withdrawals = new WithdrawalsService(db, mailer, config.withdrawals);
  const services = {
    withdrawals,
    payouts: new PayoutsService(db, withdrawals, mailer),
    lists: new WithdrawalListsService(db, withdrawals),
    admin: withdrawalAdmin(db),
  };
  return {
    routes: (app: FastifyInstance) => payoutsRoutes(app, services),
    /** The scheduled expiry of lapsed code requests (jobs/). */
    jobs: () => [expireWithdrawalsJob(withdrawals)],
  };
}
