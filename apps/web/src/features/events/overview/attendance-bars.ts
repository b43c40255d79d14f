import type { AttendanceHour } from '@eo/contract';

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

/**
 * The attendance chart's bars: an hour is labelled `09:00`, with its day (`1/3 09:00`) only when
 * the hours span more than one WIB day, so a one-day event's axis stays short.
 */
export function attendanceBars(hours: AttendanceHour[]) {
  const oneDay = hours.every((h) => h.day === hours[0].day);
  return hours.map((h) => ({ label: oneDay ? hh(h.hour) : `${shortDay(h.day)} ${hh(h.hour)}`, count: h.count }));
}
