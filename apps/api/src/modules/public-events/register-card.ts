import { APP_STORE_URL, fill, formatRupiah, PUBLIC_PAGE_MSG as M, SEATS_PAGE_TEXT as S, type PublicEvent, type PublicTicket } from '@eo/contract';
import { escapeHtml as e } from '../../lib/public-html.js';
import { openForRegistration, openForWaitlist } from './registration-form.js';

/** Whether a ticket can still be had (seats left, deadline not passed), here or in the app. */
export const onSale = (t: PublicTicket, now: Date) =>
  t.status === 'Available' && (t.registrationDeadline === null || Date.parse(t.registrationDeadline) > now.getTime());

const priceOf = (t: PublicTicket) => (t.type === 'free' ? M.free : formatRupiah(t.price));

/** The cheapest ticket on sale: "Gratis", its price, or "Mulai …" when others cost more. */
function fromPrice(selling: PublicTicket[]): string {
  const cheapest = selling.reduce((a, b) => (b.price < a.price ? b : a));
  if (cheapest.type === 'free' || cheapest.price === 0) return M.free;
  return selling.every((t) => t.price === cheapest.price) ? priceOf(cheapest) : fill(M.priceFrom, { price: formatRupiah(cheapest.price) });
}

/**
 * Where the page's one "Daftar" leads: the form with the ticket chosen when one free ticket is
 * open (the form's script reads the anchor), the form when several are, the app for paid tickets
 * on sale; none when nothing can be had (no dead button).
 */
function action(ev: PublicEvent, now: Date): { href: string; label: string } | null {
  const open = ev.tickets.filter((t) => openForRegistration(t, now));
  if (open.length === 1) return { href: `#daftar-${open[0]!.id}`, label: M.register };
  if (open.length > 1) return { href: '#daftar', label: M.register };
  if (ev.tickets.some((t) => onSale(t, now))) return { href: APP_STORE_URL, label: M.buyInApp };
  // Everything free is sold out, but a waiting list is open: the form, to join it.
  const waiting = ev.tickets.filter((t) => openForWaitlist(t, now));
  if (waiting.length) return { href: waiting.length === 1 ? `#daftar-${waiting[0]!.id}` : '#daftar', label: S.joinWaitlist };
  return null;
}

/**
 * The register card: the ticket categories with price and status and the "Daftar" button.
 * Sticky beside the details on a desktop; a bar fixed at the bottom of a phone's screen (the
 * list hidden, the cheapest price beside the button) whenever there is something to press.
 */
export function registerCard(ev: PublicEvent, now: Date): { html: string; bar: boolean } {
  const go = action(ev, now);
  const selling = ev.tickets.filter((t) => onSale(t, now));
  const status = (t: PublicTicket) => (onSale(t, now)
    ? `<span class="ok">${e(M.available)}</span>`
    : `<span class="no">${e(t.status === 'Available' ? M.registrationClosed : openForWaitlist(t, now) ? S.waitlistStatus : M.soldOut)}</span>`);
  const items = ev.tickets.map((t) => `<li><span class="name">${e(t.name)}</span><span>${e(priceOf(t))}</span>${status(t)}</li>`).join('');
  const summary = !ev.tickets.length ? M.noTickets : selling.length ? fromPrice(selling) : M.registrationClosed;
  const button = go
    ? `<a class="cta" href="${e(go.href)}"${go.href === APP_STORE_URL ? ' rel="noopener"' : ''}>${e(go.label)}</a>`
    : '';
  const html = `<section class="reg${go ? ' bar' : ''}" aria-labelledby="reg-card-h">
<h2 id="reg-card-h">${e(M.tickets)}</h2>
${items ? `<ul>${items}</ul>` : ''}
<p class="from">${e(summary)}</p>
${button}
</section>`;
  return { html, bar: go !== null };
}
