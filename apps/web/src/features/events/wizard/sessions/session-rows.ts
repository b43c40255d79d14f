import { formatWibTime, SESSION_TEXT as S, wibDay, type SessionInput } from '@eo/contract';
import { dayLabel } from '../tickets/ticket-summary';

/**
 * A session as the wizard asks for it: a name, one WIB day and two WIB clock times. Kept as
 * plain text (`YYYY-MM-DD`, `HH:mm`) so a half-filled row survives the local draft; the
 * payload's instants are built only in `sessionInput`.
 */
export interface SessionRow {
  /** The stored session's id: sent back so the API keeps it (and its attendance). */
  id: string | null;
  name: string;
  date: string | null;
  startHour: string | null;
  endHour: string | null;
}

export const emptySessionRow = (): SessionRow => ({ id: null, name: '', date: null, startHour: null, endHour: null });

/** The WIB instant of a day and time, with its offset, as the contract accepts it. */
const wibIso = (date: string, hour: string) => `${date}T${hour}:00+07:00`;

/**
 * The row as the API receives it. An unfinished time is sent empty, so the contract's own
 * "required" message names it.
 */
export function sessionInput(r: SessionRow): SessionInput {
  return {
    ...(r.id ? { id: r.id } : {}),
    name: r.name,
    startsAt: r.date && r.startHour ? wibIso(r.date, r.startHour) : '',
    endsAt: r.date && r.endHour ? wibIso(r.date, r.endHour) : '',
  };
}

/** A stored session as a row, read on the WIB clock (the day it starts). */
export function sessionRow(s: SessionInput): SessionRow {
  const start = new Date(s.startsAt);
  const end = new Date(s.endsAt);
  const ok = (d: Date) => !Number.isNaN(d.getTime());
  return {
    id: s.id ?? null,
    name: s.name,
    date: ok(start) ? wibDay(start) : null,
    startHour: ok(start) ? formatWibTime(start) : null,
    endHour: ok(end) ? formatWibTime(end) : null,
  };
}

/**
 * The row field that shows a message on `sessions.<i>.<payload field>`. A missing day makes
 * both times unknown, so their messages go to the day; "outside the event" is about the day.
 */
export function sessionField(path: string, rows: readonly SessionRow[]): string {
  const m = /^sessions\.(\d+)\.(startsAt|endsAt)$/.exec(path);
  if (!m) return path;
  const i = Number(m[1]);
  const row = rows[i];
  const at = (f: keyof SessionRow) => `sessions.${i}.${f}`;
  if (!row?.date) return at('date');
  if (m[2] === 'endsAt') return at('endHour');
  return row.startHour ? at('date') : at('startHour');
}

/** `10 Des 2026 09:00–12:00 WIB`, or null while the row lacks its day or a time. */
export function sessionRangeLabel(r: SessionRow): string | null {
  return r.date && r.startHour && r.endHour ? S.range(dayLabel(r.date), r.startHour, r.endHour) : null;
}
