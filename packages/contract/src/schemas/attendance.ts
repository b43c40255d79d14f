import { z } from 'zod';
import { ATTENDANCE_CODE_PATTERN, ATTENDANCE_MSG, ATTENDANCE_WINDOW_MAX_MS, normalAttendanceCode } from '../messages-public-attendance.js';
import { ticketCodeSchema } from './checkins.js';
import { resultEnvelope } from './common.js';

/** Online attendance, "Kode Presensi" (API.md "Check-in and attendance"). */

/** What a participant types: compared trimmed, without spaces, in upper case. */
const typedCode = z.string().max(40).transform(normalAttendanceCode);

const instant = z.iso.datetime({ offset: true });

/** PUT /v1/events/{id}/attendance-code: the code and its window (a new code gives every participant new tries). */
export const attendanceCodeBodySchema = z.object({
  code: typedCode.pipe(z.string().regex(ATTENDANCE_CODE_PATTERN, ATTENDANCE_MSG.codeRule)),
  opensAt: instant,
  closesAt: instant,
  /** The session the code is for: attending with it attends that session. */
  sessionId: z.string().max(100).optional(),
}).superRefine((b, ctx) => {
  const span = Date.parse(b.closesAt) - Date.parse(b.opensAt);
  if (!(span > 0)) ctx.addIssue({ code: 'custom', message: ATTENDANCE_MSG.windowOrder, path: ['closesAt'] });
  else if (span > ATTENDANCE_WINDOW_MAX_MS) ctx.addIssue({ code: 'custom', message: ATTENDANCE_MSG.windowLength, path: ['closesAt'] });
});
export type AttendanceCodeBody = z.infer<typeof attendanceCodeBodySchema>;

export const attendanceCodeSchema = z.object({
  code: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Who set it (their name) and when. */
  setBy: z.string().nullable(),
  updatedAt: z.string(),
  /** The session it is for; null: the event as a whole. */
  sessionId: z.string().nullable(),
  /** Participants who attended with a code so far: of its session, when it names one. */
  attended: z.number().int(),
});
export type AttendanceCode = z.infer<typeof attendanceCodeSchema>;
/** `result` null while the event has no attendance code. */
export const attendanceCodeResponseSchema = resultEnvelope(attendanceCodeSchema.nullable());
export const attendanceCodeSetResponseSchema = resultEnvelope(attendanceCodeSchema);

/** POST /v1/public/attendance: the e-ticket page's form. */
export const publicAttendanceBodySchema = z.object({ ticketCode: ticketCodeSchema, code: typedCode });
export type PublicAttendanceBody = z.infer<typeof publicAttendanceBodySchema>;

/** POST /v1/platform/events/{eventId}/attendance: the participant app, by email or ticket code. */
export const platformAttendanceBodySchema = z.object({
  email: z.email().max(254).optional(),
  ticketCode: ticketCodeSchema.optional(),
  code: typedCode,
}).refine((b) => (b.email === undefined) !== (b.ticketCode === undefined), { message: ATTENDANCE_MSG.emailOrTicket, path: ['email'] });
export type PlatformAttendanceBody = z.infer<typeof platformAttendanceBodySchema>;

/** 201: attended now, or (`already`) earlier, at `attendedAt`. By email, every registration of that email. */
export const attendanceResultSchema = z.object({
  eventName: z.string(),
  name: z.string(),
  attendedAt: z.string(),
  already: z.boolean(),
});
export type AttendanceResult = z.infer<typeof attendanceResultSchema>;
export const attendanceResponseSchema = resultEnvelope(attendanceResultSchema);

export const attendanceEventParamsSchema = z.object({ id: z.string().max(100) });
export const platformAttendanceParamsSchema = z.object({ eventId: z.string().max(100) });
