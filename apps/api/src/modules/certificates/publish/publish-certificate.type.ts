import { z } from 'zod';
import type { JobType } from '../../../jobs/job-definition.js';

/** `certificate.publish`: what the certificates service enqueues; the handler is publish-certificate.job.ts. */
export const PUBLISH_CERTIFICATE: JobType<{ certificateId: string }> = {
  id: 'certificate.publish',
  payload: z.object({ certificateId: z.string() }),
};
