import { ATTENDANCE_FULL_DAYS, wibDay, wibDaysBetween, wibInstant, WIB_OFFSET_MS, type AttendanceHour } from '@eo/contract';

const HOUR_MS = 3_600_000;

/**
 * The attendance chart's hours (see `insightAttendanceSchema.byHour`) from the check-ins counted per
 * epoch hour: every hour of the event's WIB days when they span at most ATTENDANCE_FULL_DAYS
 * (zeros included, so a quiet morning shows as one), then every hour outside them that has
 * check-ins (a door opened the evening before, a late scan synced the next day), in time order.
 */
export function attendanceHours(counts: Map<number, number>, event: { firstEventAt: Date | null; lastEventAt: Date | null }): AttendanceHour[] {
  const hours = new Set(counts.keys());
  if (event.firstEventAt && event.lastEventAt) {
    const days = wibDaysBetween(event.firstEventAt, event.lastEventAt);
    if (days.length > 0 && days.length <= ATTENDANCE_FULL_DAYS) {
      const first = wibInstant(days[0]).getTime() / HOUR_MS;
      for (let h = first; h < first + days.length * 24; h++) hours.add(h);
    }
  }
  return [...hours].sort((a, b) => a - b).map((h) => {
    const at = new Date(h * HOUR_MS);
    return { day: wibDay(at), hour: new Date(at.getTime() + WIB_OFFSET_MS).getUTCHours(), count: counts.get(h) ?? 0 };
  });
}
