import { z } from 'zod';
import { EXPORT_FORMATS } from './participants.js';
import { SESSION_LIMITS } from '../messages-sessions.js';
import { pagedEnvelopeOf } from './lists.js';

/** Attendance per session (API.md, "Sessions, evaluation and certificate rules"). */
export const sessionAttendanceParamsSchema = z.object({ id: z.string().max(100) });

/** `minSessions`: only those who attended at least that many of the event's sessions (0: everyone current). */
const minSessions = z.coerce.number().int().min(0).max(SESSION_LIMITS.maxSessions).default(0);

export const sessionAttendanceQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  minSessions,
});
export type SessionAttendanceQuery = z.infer<typeof sessionAttendanceQuerySchema>;

export const sessionAttendanceExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv'), minSessions });

/** A confirmed participant and the sessions they attended (ids, in the sessions' start order). */
export const sessionAttendeeSchema = z.object({ registrantId: z.string(), name: z.string(), email: z.string(), sessionIds: z.array(z.string()) });
export type SessionAttendee = z.infer<typeof sessionAttendeeSchema>;

/** Each session in start order with the participants who attended it. */
export const sessionAttendedSchema = z.object({ id: z.string(), name: z.string(), startsAt: z.string(), endsAt: z.string(), attended: z.number().int() });

export const sessionAttendanceResponseSchema = pagedEnvelopeOf(sessionAttendeeSchema, { sessions: z.array(sessionAttendedSchema) });
export type SessionAttendance = z.infer<typeof sessionAttendanceResponseSchema>['data'];
