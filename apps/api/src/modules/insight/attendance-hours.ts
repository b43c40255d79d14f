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
  // Up to 168 hours a chart: each WIB day's text made once, not a Date and a string per hour.
  const days = new Map<number, string>();
  return [...hours].sort((a, b) => a - b).map((h) => {
    const wibHour = h + WIB_OFFSET_MS / HOUR_MS;
    const dayIndex = Math.floor(wibHour / 24);
    let day = days.get(dayIndex);
    if (day === undefined) days.set(dayIndex, (day = wibDay(new Date(h * HOUR_MS))));
    return { day, hour: wibHour - dayIndex * 24, count: counts.get(h) ?? 0 };
  });
}
