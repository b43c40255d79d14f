/** The tab's filter and page, kept in the URL beside `tab` so that back/forward and reload keep them. */
export interface AttendanceParams { minSessions: number; page: number }

const wholeNumber = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : null);

/** `min` (0 up to the event's number of sessions) and `page` (1 or more); anything else is the default. */
export function readAttendanceParams(search: URLSearchParams, sessions: number): AttendanceParams {
  const min = wholeNumber(search.get('min'));
  const page = wholeNumber(search.get('page'));
  return { minSessions: min !== null && min <= sessions ? min : 0, page: page !== null && page >= 1 ? page : 1 };
}

/** The URL query with these params, keeping the rest (the tab); defaults are left out. */
export function writeAttendanceParams(search: URLSearchParams, p: AttendanceParams): URLSearchParams {
  const out = new URLSearchParams(search);
  if (p.minSessions > 0) out.set('min', String(p.minSessions)); else out.delete('min');
  if (p.page > 1) out.set('page', String(p.page)); else out.delete('page');
  return out;
}
