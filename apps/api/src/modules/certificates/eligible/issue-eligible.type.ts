import { z } from 'zod';
import type { JobType } from '../../../jobs/job-definition.js';

/**
 * `certificate.issue-eligible`: one registrant of an event may have become eligible for its
 * published `eligible` certificates (an evaluation sent, a session attended). `deferred` counts
 * the times it waited for a batch still publishing. The handler is issue-eligible.job.ts.
 */
export const ISSUE_ELIGIBLE: JobType<{ eventId: string; registrantId: string; deferred?: number }> = {
  id: 'certificate.issue-eligible',
  payload: z.object({ eventId: z.string(), registrantId: z.string(), deferred: z.number().int().min(0).optional() }),
};
