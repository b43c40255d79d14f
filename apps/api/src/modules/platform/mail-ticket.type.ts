import { z } from 'zod';
import type { JobType } from '../../jobs/job-definition.js';

/** `ticket.mail`: what the registration enqueues; the handler is mail-ticket.job.ts. */
export const MAIL_TICKET: JobType<{ registrantId: string }> = {
  id: 'ticket.mail',
  payload: z.object({ registrantId: z.uuid() }),
};

/**
 * `ticket.resend`: the same e-ticket mail again, asked for on the event page ("Kirim ulang
 * e-tiket"). A kind of its own: `ticket.mail` sends once per registration (`ticket_mailed_at`).
 */
export const RESEND_TICKET: JobType<{ registrantId: string }> = {
  id: 'ticket.resend',
  payload: z.object({ registrantId: z.uuid() }),
};
