import { z } from 'zod';
import { resultEnvelope } from './common.js';

/**
 * Attendance in the Insight tab: how many of the current registrants checked in, and
 * their check-ins per WIB hour. Both read the standing check-ins (`registrants.checked_in_at` of
 * registrants not refunded), so an undone check-in or a refund no longer counts.
 */

/**
 * An event spanning at most this many WIB days has every hour of its days in the chart (zeros
 * included, so the quiet hours show); a longer one only the hours with check-ins, which keeps a
 * month-long event from answering 720 empty bars.
 */
export const ATTENDANCE_FULL_DAYS = 7;

export const attendanceHourSchema = z.object({
  /** WIB calendar day, `YYYY-MM-DD`. */
  day: z.string(),
  /** WIB hour of that day (0–23): the check-ins from `hour`:00 to `hour`:59. */
  hour: z.number().int().min(0).max(23),
  count: z.number().int(),
});
export type AttendanceHour = z.infer<typeof attendanceHourSchema>;

export const insightAttendanceSchema = z.object({
  /** Current registrants (refunded ones excluded), from the check-in counters. */
  registered: z.number().int(),
  /** Of them, checked in now (an undone check-in is not). */
  checkedIn: z.number().int(),
  /**
   * Check-ins per WIB hour, in time order: every hour of the event's days (its first ticket
   * date's WIB day through its last's, when they span at most ATTENDANCE_FULL_DAYS), and every
   * other hour that has check-ins. Empty when nobody checked in and the event has no dates.
   */
  byHour: z.array(attendanceHourSchema),
});
export type InsightAttendance = z.infer<typeof insightAttendanceSchema>;
export const insightAttendanceResponseSchema = resultEnvelope(insightAttendanceSchema);

/** The share present as a whole percent, rounded down: 299 of 300 is 99%, never a rounded-up 100%. */
export const attendancePercent = (checkedIn: number, registered: number) =>
  (registered > 0 ? Math.floor((checkedIn * 100) / registered) : 0);
