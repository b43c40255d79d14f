import type { Dayjs } from 'dayjs';
import { formatWibTime, wibDay, wibInstant } from '@eo/contract';
import { fmtDate, fmtHour, parseDate, parseHour } from './tickets/ticket-form';

/**
 * The event's cancellation deadline between its pickers (a WIB date and time) and the stored
 * ISO instant. A date picked before any time closes at the end of that day.
 */
export const DEFAULT_CANCEL_HOUR = '23:59';

export interface DeadlineParts { date: Dayjs | null; hour: Dayjs | null }

export function deadlineParts(iso: string | null | undefined): DeadlineParts {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return { date: null, hour: null };
  return { date: parseDate(wibDay(at)), hour: parseHour(formatWibTime(at)) };
}

/** Null without a date: participants may cancel until the event starts. */
export function deadlineInstant(date: Dayjs | null, hour: Dayjs | null): string | null {
  const day = fmtDate(date);
  return day ? wibInstant(day, fmtHour(hour) ?? DEFAULT_CANCEL_HOUR).toISOString() : null;
}
