import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { formatCount, formatRupiah, UNLIMITED, type TicketInput, TICKET_TEXT as T } from '@eo/contract';
import { CARD_NAME_MAX, cutText } from '../../event-text';

/** What a participant-category card shows (spec section 9: names cut at 30 characters on cards). */
export const shortName = (name: string | null | undefined) => cutText(name, CARD_NAME_MAX);

/** A paid ticket costing nothing is sold as free. */
export function priceLabel(t: { type?: string | null; price?: number | null }): string {
  return t.type === 'paid' && (t.price ?? 0) > 0 ? formatRupiah(Math.floor(t.price ?? 0)) : T.free;
}

export function quotaLabel(t: TicketInput): string {
  if (t.originalQuotaType === 'unlimited' || t.originalQuota === UNLIMITED) return T.unlimited;
  return t.originalQuota == null ? '-' : formatCount(t.originalQuota);
}

// Dates are WIB calendar days already: formatted as they are, never shifted by the browser's zone.
export const dayLabel = (d: string) => dayjs(d).locale('id').format('D MMM YYYY');

/** `10 Des 2026 – 12 Des 2026, 09:00–12:00 WIB`; times only when every date shares them. */
export function datesLabel(t: TicketInput): string {
  const dates = [...t.dates].filter((d) => d.date).sort((a, b) => a.date.localeCompare(b.date));
  if (!dates.length) return '-';
  const first = dayLabel(dates[0].date);
  const last = dayLabel(dates[dates.length - 1].date);
  const range = first === last ? first : `${first} – ${last}`;
  const hours = new Set(dates.map((d) => `${d.startHour ?? ''}–${d.endHour ?? ''}`));
  const [only] = hours;
  return hours.size === 1 && only !== '–' ? `${range}, ${only.replace(/^–|–$/, '')} ${T.wib}` : range;
}

export function deadlineLabel(t: TicketInput): string {
  const d = t.registrationDeadline;
  if (!d?.date) return '-';
  return d.hour ? `${dayLabel(d.date)} ${d.hour} ${T.wib}` : dayLabel(d.date);
}

/** The seat settings a card names, so they show without opening the category. */
export function seatTags(t: TicketInput): string[] {
  return [
    ...(t.requiresApproval ? [T.requiresApproval] : []),
    ...(t.waitlist ? [T.waitlist] : []),
    ...(t.accessCode ? [T.hiddenTag] : []),
  ];
}
