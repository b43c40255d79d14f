import { wibInstant, type ETicket } from '@eo/contract';

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** `20261124T020000Z` */
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch) > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The ticket's event days as an iCalendar file: one event per day of the ticket (its hours in
 * WIB), or the event's first and last moments when the days are not known. An online event's link
 * to join (a confirmed ticket's only: `streamLink`) is its location and leads its description, so
 * a calendar's "join" shows it.
 */
export function ticketCalendar(t: ETicket, opts: { url: string; host: string; now?: Date }): string {
  const days = t.event.dates.length
    ? t.event.dates.map((d) => ({ start: wibInstant(d.date, d.startHour ?? '00:00'), end: wibInstant(d.date, d.endHour ?? d.startHour ?? '23:59') }))
    : t.event.startAt ? [{ start: new Date(t.event.startAt), end: new Date(t.event.endAt ?? t.event.startAt) }] : [];
  const join = t.event.streamLink;
  const where = t.event.experience === 'online' ? join ?? 'Online' : t.event.location;
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//EO Dashboard//E-tiket//ID', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    ...days.flatMap((d, i) => [
      'BEGIN:VEVENT',
      `UID:${t.ticketCode}-${i + 1}@${opts.host}`,
      `DTSTAMP:${stamp(opts.now ?? new Date())}`,
      `DTSTART:${stamp(d.start)}`,
      `DTEND:${stamp(d.end > d.start ? d.end : new Date(d.start.getTime() + 3_600_000))}`,
      `SUMMARY:${text(t.event.name)}`,
      ...(where ? [`LOCATION:${text(where)}`] : []),
      `DESCRIPTION:${text(`${join ? `${join}\n` : ''}${t.category.name} · ${t.participant.name} · ${opts.url}`)}`,
      `URL:${opts.url}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
