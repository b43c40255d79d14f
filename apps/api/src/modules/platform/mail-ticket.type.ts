import { z } from 'zod';
import type { JobType } from '../../jobs/job-definition.js';

/** `ticket.mail`: what the registration enqueues; the handler is mail-ticket.job.ts. */
export const MAIL_TICKET: JobType<{ registrantId: string }> = {
  id: 'ticket.mail',
  payload: z.object({ registrantId: z.uuid() }),
};
