import { noPayload, type JobDefinition } from '../../jobs/job-definition.js';
import type { ProofOfWorkService } from './proof-of-work.service.js';

/** Spent challenges are kept only until they would have expired: the table stays about ten minutes of registrations. */
export function purgeUsedChallengesJob(service: ProofOfWorkService): JobDefinition<Record<string, never>> {
  return {
    id: 'proof-of-work.purge-used',
    payload: noPayload,
    everyMs: 5 * 60_000,
    async handler(_payload, { log }) {
      const purged = await service.purgeExpired();
      if (purged > 0) log.info({ purged }, 'expired proof-of-work challenges forgotten');
    },
  };
}
