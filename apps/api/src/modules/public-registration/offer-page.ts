import { eTicketPath, fill, formatWibLongDate, formatWibTime, OFFER_TEXT as T } from '@eo/contract';
import { assetTags, type EntryAssets } from '../../lib/public-assets.js';
import { escapeHtml as e, PUBLIC_FORM_STYLE, publicLayout } from '../../lib/public-html.js';

export interface OfferView {
  status: string; eventId: string; eventName: string; category: string; offerToken: string | null; offeredUntil: Date | null; ticketCode: string | null;
}

const at = (d: Date) => `${formatWibLongDate(d)}, ${formatWibTime(d)}`;

/**
 * A waiting-list offer's page: the seat held and until when, and one button that takes it (the
 * page's script calls the API and opens the e-ticket). Once taken it links the e-ticket; lapsed
 * or removed it says the seat moved on. Everything typed is shown as text.
 */
export function offerPage(o: OfferView, opts: { now: Date; assets?: EntryAssets; siteName: string }): { status: 200 | 410; html: string } {
  const head = (script: boolean) => `<title>${e(T.title)} · ${e(o.eventName)} · ${e(opts.siteName)}</title><meta name="robots" content="noindex"><style>${PUBLIC_FORM_STYLE}</style>${
    script && opts.assets ? assetTags(opts.assets, e) : ''}`;
  const top = `<p class="muted">${e(T.title)}</p><h1>${e(o.eventName)}</h1>`;
  if (o.status === 'accepted' && o.ticketCode) {
    return { status: 200, html: publicLayout(head(false), `<div class="card">${top}<p class="done" role="status">${e(T.accepted)}</p>
<a class="cta" href="${e(eTicketPath(o.eventId, o.ticketCode))}">${e(T.ticket)}</a></div>`) };
  }
  const live = o.status === 'offered' && o.offerToken && o.offeredUntil && o.offeredUntil > opts.now;
  if (!live) return { status: 410, html: publicLayout(head(false), `<div class="card">${top}<p>${e(T.expired)}</p></div>`) };
  return { status: 200, html: publicLayout(head(true), `<div class="card">${top}
<p>${e(fill(T.intro, { category: o.category, until: at(o.offeredUntil!) }))}</p>
<noscript><p class="err">${e(T.noScript)}</p></noscript>
<form id="tawaran" data-token="${e(o.offerToken!)}" data-event="${e(o.eventId)}" novalidate>
<p class="err" id="tawaran-err" role="alert" hidden></p>
<button type="submit" class="cta" id="tawaran-kirim">${e(T.accept)}</button></form></div>`) };
}

/** An unknown offer (404). */
export const offerNotFoundPage = (siteName: string) =>
  publicLayout(`<title>${e(T.title)} · ${e(siteName)}</title><meta name="robots" content="noindex">`, `<div class="card"><h1>${e(T.title)}</h1><p>${e(T.notFound)}</p></div>`);
