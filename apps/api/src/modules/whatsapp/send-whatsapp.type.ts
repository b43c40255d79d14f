import { noPayload, type JobType } from '../../jobs/job-definition.js';

/**
 * `whatsapp.send`: the sender, a scheduled job (one row, one worker of all processes at a time)
 * that drains the queued WhatsApp messages; queueing one brings its next run forward.
 */
export const SEND_WHATSAPP: JobType<Record<string, never>> = { id: 'whatsapp.send', payload: noPayload };
