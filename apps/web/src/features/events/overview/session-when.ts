import { formatWibTime, wibDay, wibInstant, OVERVIEW_TEXT as T } from '@eo/contract';
import { formatLongDate } from '../../../lib/dates';

/** `Sabtu, 12 Des 2026`: the stored WIB calendar day, never shifted by the browser's zone. */
export const wibDayText = (date: string) => formatLongDate(wibInstant(date, '12:00').toISOString());

/** A session's WIB day and hours: `Sabtu, 12 Des 2026 · 09:00–10:15 WIB`. */
export function sessionWhen(s: { startsAt: string; endsAt: string }): string {
  const start = new Date(s.startsAt);
  return `${wibDayText(wibDay(start))} · ${formatWibTime(start)}–${formatWibTime(new Date(s.endsAt))} ${T.wib}`;
}
