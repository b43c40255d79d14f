import type { AttendanceHour } from '@eo/contract';

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** Hours between labels, smallest first: each divides a day, so the labels fall on round hours. */
const STEPS = [1, 2, 3, 4, 6, 12, 24];
/**
 * Room between two angled axis labels, in CSS pixels along the axis: at -40° a 12 px label
 * clears its neighbour from about 19 px on.
 */
export const TICK_ROOM = 24;

export interface AttendanceSlot {
  /** The slot's place on the axis (unique, so that no two slots share a category). */
  slot: string;
  /** The bar's day and hour (`1/3 09:00`, the hour alone on a one-day chart): the tooltip's title; '' for a gap. */
  label: string;
  /** What the axis writes under the slot: '' for nothing. */
  tick: string;
  /** Check-ins in that hour; null for the gap between hours that do not follow each other. */
  count: number | null;
}

/**
 * The attendance chart's slots and axis labels for a plot `plotWidth` pixels wide. Bars stand
 * side by side whatever the time between them, so hours that do not follow the bar before (check-ins
 * the day before the event, a late scan) are set apart by an empty gap and start with a label of
 * their own: a check-in the day before is never read as one of the event's hours. Other labels
 * fall every `step` hours, the smallest step that leaves TICK_ROOM between labels (the axis then
 * hides none); a label carries its day when it is the first of that day, on a chart of several days.
 */
export function attendanceBars(hours: AttendanceHour[], plotWidth: number): AttendanceSlot[] {
  const oneDay = hours.every((h) => h.day === hours[0]!.day);
  const label = (h: AttendanceHour) => (oneDay ? hh(h.hour) : `${shortDay(h.day)} ${hh(h.hour)}`);
  const follows = (prev: AttendanceHour, h: AttendanceHour) =>
    (prev.day === h.day && prev.hour + 1 === h.hour) || (prev.hour === 23 && h.hour === 0 && nextDay(prev.day) === h.day);
  const build = (step: number) => {
    const slots: AttendanceSlot[] = [];
    let lastTick = -Infinity;
    let lastDay = '';
    hours.forEach((h, i) => {
      const starts = i === 0 || !follows(hours[i - 1]!, h);
      if (i > 0 && starts) {
        for (let gap = Math.max(1, step - (slots.length - lastTick)); gap > 0; gap--) {
          slots.push({ slot: String(slots.length), label: '', tick: '', count: null });
        }
      }
      const at = slots.length;
      const ticked = starts || (h.hour % step === 0 && at - lastTick >= step);
      const tick = !ticked ? '' : oneDay || h.day === lastDay ? hh(h.hour) : `${shortDay(h.day)} ${hh(h.hour)}`;
      if (ticked) [lastTick, lastDay] = [at, h.day];
      slots.push({ slot: String(at), label: label(h), tick, count: h.count });
    });
    return { slots, fits: slots.length === 0 || (plotWidth / slots.length) * step >= TICK_ROOM };
  };
  let built = build(STEPS[0]!);
  for (const step of STEPS.slice(1)) {
    if (built.fits) break;
    built = build(step);
  }
  return built.slots;
}
