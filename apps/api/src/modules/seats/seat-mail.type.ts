import { z } from 'zod';
import type { JobType } from '../../jobs/job-definition.js';

/** What a seat mail tells the person: their registration waits for approval, was declined, or was cancelled. */
export const SEAT_MAIL_KINDS = ['pending', 'declined', 'cancelled'] as const;
export type SeatMailKind = (typeof SEAT_MAIL_KINDS)[number];

/**
 * `seat.mail`: a mail about a registration's status, without a QR code (seat-mail.job.ts). Queued
 * with the change it reports, in the same statement; the approved get the e-ticket (`ticket.mail`).
 */
export const SEAT_MAIL: JobType<{ registrantId: string; kind: SeatMailKind; reason?: string | null }> = {
  id: 'seat.mail',
  payload: z.object({ registrantId: z.uuid(), kind: z.enum(SEAT_MAIL_KINDS), reason: z.string().max(500).nullish() }),
};
