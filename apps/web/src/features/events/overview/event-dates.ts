/** One ticket date as stored (WIB calendar day, optional hours). */
export interface DateRow { date: string; startHour?: string | null; endHour?: string | null }

/**
 * The event's days for General Information: each day once, in order. When every category
 * holding that day has the same hours, one line; when they differ, the day with each
 * category's hours under it (by name), so two categories a few hours apart do not read as the
 * same day listed twice.
 */
export interface DayGroup { date: string; hours: string | null; byCategory: { name: string; hours: string | null }[] }

const hoursOf = (d: DateRow) => (d.startHour ? `${d.startHour}${d.endHour ? `–${d.endHour}` : ''}` : null);

export function groupEventDates(tickets: readonly { name: string; dates?: readonly DateRow[] | null }[]): DayGroup[] {
  const byDay = new Map<string, { name: string; hours: string | null }[]>();
  for (const t of tickets) {
    for (const d of t.dates ?? []) {
      const entries = byDay.get(d.date) ?? [];
      // A category listing the same day twice with the same hours counts once.
      if (!entries.some((e) => e.name === t.name && e.hours === hoursOf(d))) entries.push({ name: t.name, hours: hoursOf(d) });
      byDay.set(d.date, entries);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, entries]) => {
      const same = entries.every((e) => e.hours === entries[0].hours);
      return { date, hours: same ? entries[0].hours : null, byCategory: same ? [] : entries };
    });
}
