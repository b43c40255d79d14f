import { z } from 'zod';
import { noPayload, type JobType } from '../../../jobs/job-definition.js';

/** `message.send`: what creating a message (or a due reminder) enqueues; the handler is send-message.job.ts. */
export const SEND_MESSAGE: JobType<{ messageId: string }> = {
  id: 'message.send',
  payload: z.object({ messageId: z.uuid() }),
};

/** `message.reminders`: the schedule that creates due reminders. */
export const DUE_REMINDERS: JobType<Record<string, never>> = {
  id: 'message.reminders',
  payload: noPayload,
};
