import { BROADCAST_MSG, eTicketPath, fill, formatWibLongDate, MERGE_FIELDS, type MergeField } from '@eo/contract';
import { escapeHtml } from '../../lib/public-html.js';
import { unlinkable } from '../../lib/unlinkable.js';

/** What a merge field is filled from: one registrant of the event. */
export interface MergeSource {
  name: string;
  eventName: string;
  ticketName: string;
  /** The ticket's days as entered (WIB). */
  dates: { date: string; startHour?: string | null; endHour?: string | null }[];
  experience: string | null;
  location: string | null;
  streamLink: string | null;
  /** The registrant's event and ticket code: `{link_tiket}` is their e-ticket's page. */
  eventId: string;
  ticketCode: string;
}

/** `24 Desember 2026, 09:00–12:00 WIB`, each day of the ticket. */
export function ticketDays(dates: MergeSource['dates']): string {
  return dates.map((d) => {
    const day = formatWibLongDate(new Date(`${d.date}T05:00:00Z`));
    return d.startHour ? `${day}, ${d.startHour}${d.endHour ? `–${d.endHour}` : ''} WIB` : day;
  }).join('; ') || '-';
}

/**
 * The merge fields' values for one registrant; links on `publicUrl` (config: no trailing slash).
 * Names are defanged (a participant named `bit.ly/hadiah` links nowhere); the place stays as
 * the organizer wrote it, as an online event's stream link is meant to be followed.
 */
export function mergeValues(s: MergeSource, publicUrl: string): Record<MergeField, string> {
  const where = s.experience === 'online' ? (s.streamLink ?? 'Online') : (s.location ?? '-');
  return {
    nama: unlinkable(s.name), event: unlinkable(s.eventName), tiket: unlinkable(s.ticketName), tanggal: ticketDays(s.dates), lokasi: where,
    link_tiket: `${publicUrl}${eTicketPath(s.eventId, s.ticketCode)}`,
  };
}

/** Who a message says it is from: the event's organizer contact, else the event. */
export const organizerName = (eoName: string | null, eventName: string | null) => eoName?.trim() || eventName || '';

/** Fills the merge fields (as text: whatever a value holds stays text). Unknown `{words}` stay as written. */
export const merge = (template: string, values: Record<MergeField, string>) =>
  template.replace(/\{([a-z_]+)\}/g, (all, f: string) => ((MERGE_FIELDS as readonly string[]).includes(f) ? values[f as MergeField] : all));

/** Each http(s) address of escaped text as a link; the text stays escaped. */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)'"&]/g, (url) => `<a href="${url}">${url}</a>`);

/** Plain text as HTML: escaped, paragraphs at blank lines, line breaks kept, addresses linked. */
export function textToHtml(text: string): string {
  return text.trim().split(/\n\s*\n/).map((p) => `<p>${linkify(escapeHtml(p.trim())).replace(/\n/g, '<br>')}</p>`).join('\n');
}

export interface RenderedMail { subject: string; text: string; html: string }

/**
 * A message as one recipient gets it: the merge fields filled with their values, the body as text
 * and as safe HTML; an announcement ends with who sent it and the link to stop announcements.
 */
export function renderMessage(m: { subject: string; body: string }, values: Record<MergeField, string>, footer?: { organizer: string; unsubscribeUrl: string }): RenderedMail {
  const subject = merge(m.subject, values).replace(/[\r\n]+/g, ' ');
  const body = merge(m.body, values);
  const tail = footer ? fill(BROADCAST_MSG.footer, { organizer: unlinkable(footer.organizer), event: values.event, link: footer.unsubscribeUrl }) : '';
  const text = tail ? `${body}\n\n--\n${tail}` : body;
  const html = `<!doctype html><html lang="id"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1f1f;overflow-wrap:anywhere;word-break:break-word">${textToHtml(body)}${
    tail ? `<hr><p style="color:#666;font-size:13px">${linkify(escapeHtml(tail))}</p>` : ''}</body></html>`;
  return { subject, text, html };
}
