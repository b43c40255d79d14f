import { noPayload, type JobDefinition } from '../../jobs/job-definition.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/**
 * Lapsed code requests are also closed on every money read; this scheduled job releases their
 * reservation within a minute even when nobody looks, so ledger reports stay current. One run
 * at a time across processes (one queue row); each closure is its own locked transaction.
 */
export function expireWithdrawalsJob(withdrawals: WithdrawalsService): JobDefinition<Record<string, never>> {
  return {
    id: 'withdrawal.expire-lapsed',
    payload: noPayload,
    everyMs: 60_000,
    async handler(_payload, { log }) {
      const closed = await withdrawals.expireLapsed();
      if (closed > 0) log.info({ closed }, 'lapsed withdrawal requests closed');
    },
  };
}
