/**
 * Asia/Jakarta (WIB) is UTC+7 all year, with no daylight saving: a fixed offset is exact.
 */
export const WIB_OFFSET_MS = 7 * 3600_000;

/** The instant of a WIB wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`). */
export function wibInstant(date: string, hour = '00:00'): Date {
  return new Date(`${date}T${hour}:00+07:00`);
}

const DAY_MS = 86_400_000;

/** The WIB calendar day of an instant (epoch ms) as a number: days since 1970-01-01 WIB. */
export const wibDayNumber = (ms: number): number => Math.floor((ms + WIB_OFFSET_MS) / DAY_MS);

// Day names by number: the insight series name the same few days on every request, and a Date's
// toISOString for each was a tenth of such a request's CPU. Bounded; cleared when full.
const dayNames = new Map<number, string>();

/** `YYYY-MM-DD` of a day number (wibDayNumber). An invalid one throws, as an invalid Date's toISOString does. */
export function wibDayName(n: number): string {
  let name = dayNames.get(n);
  if (name === undefined) {
    name = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size >= 4096) dayNames.clear();
    dayNames.set(n, name);
  }
  return name;
}

/** The WIB calendar day (`YYYY-MM-DD`) an instant falls on. */
export function wibDay(at: Date): string {
  return wibDayName(wibDayNumber(at.getTime()));
}

/** The WIB calendar day `n` days after (or before) `day` (`YYYY-MM-DD`). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const MONTHS_ID = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** `24 Nov 2026 04:30 WIB` (spec section 9's `D MMM YYYY HH:mm`): for messages built on the server. */
export function formatWibDateTime(at: Date): string {
  const w = new Date(at.getTime() + WIB_OFFSET_MS);
  const hh = String(w.getUTCHours()).padStart(2, '0');
  const mm = String(w.getUTCMinutes()).padStart(2, '0');
  return `${w.getUTCDate()} ${MONTHS_ID[w.getUTCMonth()]} ${w.getUTCFullYear()} ${hh}:${mm} WIB`;
}

const MONTHS_ID_LONG = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/** `24 November 2026` (Indonesian month names) of the WIB day an instant falls on. */
export function formatWibLongDate(at: Date): string {
  const w = new Date(at.getTime() + WIB_OFFSET_MS);
  return `${w.getUTCDate()} ${MONTHS_ID_LONG[w.getUTCMonth()]} ${w.getUTCFullYear()}`;
}

/** `09:00` WIB wall-clock time of an instant. */
export function formatWibTime(at: Date): string {
  const w = new Date(at.getTime() + WIB_OFFSET_MS);
  return `${String(w.getUTCHours()).padStart(2, '0')}:${String(w.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * A native `datetime-local` field read and written on the WIB clock (the dashboard's fields say
 * WIB, whatever the device's zone): the check-in screen's attendance window, the Pesan screen's
 * schedule.
 */
export const wibInputValue = (at: Date) => new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 16);

/** A `datetime-local` value read on the WIB clock, as an ISO instant; null when empty or not a time. */
export function fromWibInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value}:00+07:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
