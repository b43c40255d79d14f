import { z } from 'zod';
import { noPayload, type JobType } from '../../jobs/job-definition.js';

/** `evaluation.invite`: one attendee's invitation mail (evaluation-invite.job.ts), queued with its evaluation_invites row. */
export const EVALUATION_INVITE: JobType<{ registrantId: string }> = {
  id: 'evaluation.invite',
  payload: z.object({ registrantId: z.uuid() }),
};

/** `evaluation.invites`: the schedule that finds attendees of open evaluations not yet invited. */
export const EVALUATION_INVITES_SWEEP: JobType<Record<string, never>> = {
  id: 'evaluation.invites',
  payload: noPayload,
};
