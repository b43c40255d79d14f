import {
  APP_STORE_URL, categoryLabel, fill, formatRupiah, formatWibLongDate, formatWibTime, OG_IMAGE_SIZE, PUBLIC_PAGE_MSG as M,
  PUBLIC_TWIBBON_TEXT, publicEventOgImagePath, SEATS_PAGE_TEXT as S, publicEventPath, type PublicEvent, type PublicTicket,
} from '@eo/contract';
import { assetTags, type EntryAssets } from '../../lib/public-assets.js';
import { escapeHtml, PUBLIC_FORM_STYLE, publicLayout as layout, safeHref, twibbonPath } from '../../lib/public-html.js';
import { EVENT_PAGE_STYLE } from './event-page-style.js';
import { posterFile } from './og-image.js';
import { registerCard } from './register-card.js';
import { openForRegistration, openForWaitlist, registrationForm, ticketNotes } from './registration-form.js';
import { resendForm } from './resend-form.js';

const e = escapeHtml;

/** The page of an unknown, unpublished, unapproved or deleted event (answered with status 404). */
export function notFoundPage(siteName: string): string {
  return layout(
    `<title>${e(M.notFoundTitle)} · ${e(siteName)}</title><meta name="robots" content="noindex">`,
    `<div class="card"><h1>${e(M.notFoundTitle)}</h1><p>${e(M.notFoundBody)}</p></div>`,
  );
}

/** `24 November 2026, 09:00–12:00 WIB` or `24 November 2026 – 26 November 2026`. */
export function dateRange(startAt: string | null, endAt: string | null): string {
  if (!startAt) return '-';
  const start = new Date(startAt);
  const end = endAt ? new Date(endAt) : null;
  if (!end || formatWibLongDate(start) === formatWibLongDate(end)) {
    const hours = end && end.getTime() !== start.getTime() ? `${formatWibTime(start)}–${formatWibTime(end)}` : formatWibTime(start);
    return `${formatWibLongDate(start)}, ${hours} WIB`;
  }
  return `${formatWibLongDate(start)} – ${formatWibLongDate(end)}`;
}

const deadlineText = (iso: string) => `${formatWibLongDate(new Date(iso))} ${formatWibTime(new Date(iso))} WIB`;

function ticketBlock(t: PublicTicket, now: Date): string {
  const closed = t.registrationDeadline !== null && Date.parse(t.registrationDeadline) <= now.getTime();
  const available = t.status === 'Available';
  const waitlist = openForWaitlist(t, now);
  const seats = available
    ? `<span class="ok">${e(M.available)}</span>${t.remaining !== null ? ` · ${e(fill(M.seatsLeft, { count: t.remaining }))}` : ''}`
    : `<span class="no">${e(waitlist ? S.waitlistStatus : M.soldOut)}</span>`;
  const notes = ticketNotes(t).map((n) => `<div class="muted">${e(n)}</div>`).join('');
  const days = t.dates.map((d) => `<li>${e(dateRange(d.startAt, d.endAt))}</li>`).join('');
  // "Daftar" leads to the form with this ticket chosen (the form's script reads the anchor).
  const action = waitlist
    ? `<a class="cta alt" href="#daftar-${e(t.id)}">${e(S.joinWaitlist)}</a>`
    : !available || closed
    ? ''
    : openForRegistration(t, now)
      ? `<a class="cta" href="#daftar-${e(t.id)}" aria-label="${e(fill(M.registerTicket, { ticket: t.name }))}">${e(M.register)}</a>`
      : `<a class="cta alt" href="${e(APP_STORE_URL)}" rel="noopener">${e(M.buyInApp)}</a>`;
  return `<section class="ticket" id="tiket-${e(t.id)}">
<h3>${e(t.name)}</h3>
<div class="price">${t.type === 'free' ? e(M.free) : e(formatRupiah(t.price))}</div>
<div>${seats}</div>
${notes}
${days ? `<ul class="muted">${days}</ul>` : ''}
${t.registrationDeadline ? `<div class="muted">${e(fill(M.deadline, { date: deadlineText(t.registrationDeadline) }))}</div>` : ''}
${action}
</section>`;
}

const list = (items: string[], tag: 'ul' | 'ol' = 'ul') => `<${tag}>${items.map((i) => `<li>${e(i)}</li>`).join('')}</${tag}>`;
/** `<b>Sesi 1</b> 24 November 2026, 09:00–10:15 WIB`, one item a session, in start order. */
const sessionList = (sessions: PublicEvent['sessions']) =>
  `<ol class="sessions">${sessions.map((s) => `<li><b>${e(s.name)}</b> ${e(dateRange(s.startAt, s.endAt))}</li>`).join('')}</ol>`;

const section = (title: string, inner: string) => `<section class="card"><h2>${e(title)}</h2>${inner}</section>`;

/** The short text of link previews: the description's start, else category and date. */
function summary(ev: PublicEvent): string {
  const text = (ev.description ?? '').replace(/\s+/g, ' ').trim();
  if (text) return text.length > 200 ? `${text.slice(0, 197)}…` : text;
  return fill(M.defaultDescription, { category: categoryLabel(ev.type), date: dateRange(ev.dates.startAt, null) });
}

/** Our own files by path (the page is served by the same server, whatever PUBLIC_URL says); others as they are. */
const sameSite = (url: string, publicUrl: string) => {
  const base = publicUrl.replace(/\/$/, '');
  return url.startsWith(`${base}/`) ? url.slice(base.length) : url;
};

/** What the page shows beside the event itself. */
export interface EventPageOptions {
  publicUrl: string;
  /** The site's name (PUBLIC_SITE_NAME): the title's end and og:site_name. */
  siteName: string;
  now: Date;
  assets: EntryAssets;
  /** The key of the event's twibbon maker, when it has one. */
  twibbonKey?: string | null;
  /** The access code that opened a hidden ticket: the form sends it. */
  accessCode?: string;
}

/**
 * Link-preview tags. A stored poster previews as its 1200 × 630 card (`/e/{id}/og.jpg`), which
 * WhatsApp and Facebook show whole; a poster elsewhere as itself, in a small card (a portrait
 * image in a large one is cropped).
 */
function previewTags(ev: PublicEvent, url: string, description: string, { publicUrl, siteName }: EventPageOptions): string[] {
  const card = posterFile(ev.imageUrl, publicUrl) ? `${publicUrl}${publicEventOgImagePath(ev.id)}` : null;
  const image = card ?? ev.imageUrl;
  return [
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(siteName)}">`,
    `<meta property="og:title" content="${e(ev.name)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    ...(image ? [`<meta property="og:image" content="${e(image)}">`, `<meta property="og:image:alt" content="${e(fill(M.posterAlt, { name: ev.name }))}">`] : []),
    ...(card ? [
      `<meta property="og:image:type" content="image/jpeg">`,
      `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}">`,
      `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}">`,
    ] : []),
    `<meta name="twitter:card" content="${card ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(ev.name)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    ...(image ? [`<meta name="twitter:image" content="${e(image)}">`] : []),
  ];
}

/** Title, category, date, place and organizer: what the first screen must say, beside the poster. */
function hero(ev: PublicEvent, publicUrl: string): string {
  const loc = ev.location === 'online'
    ? e(M.online)
    : `${e(ev.location.address)}${ev.location.notes ? `<br><span class="muted">${e(ev.location.notes)}</span>` : ''}<br><a href="${e(ev.location.mapUrl)}" rel="noopener">${e(M.openMap)}</a>`;
  const o = ev.eventOrganizer;
  const poster = ev.imageUrl
    ? `<img class="poster" src="${e(sameSite(ev.imageUrl, publicUrl))}" alt="${e(fill(M.posterAlt, { name: ev.name }))}">`
    : '';
  return `<div class="ev-hero">${poster}<div>
<span class="tag">${e(categoryLabel(ev.type))}</span>
<h1>${e(ev.name)}</h1>
<dl class="facts">
<div><dt>${e(M.dates)}</dt><dd>${e(dateRange(ev.dates.startAt, ev.dates.endAt))}</dd></div>
<div><dt>${e(M.location)}</dt><dd>${loc}</dd></div>
${o.name ? `<div><dt>${e(M.organizer)}</dt><dd class="ev-org">${o.logoUrl ? `<img src="${e(sameSite(o.logoUrl, publicUrl))}" alt="" width="28" height="28">` : ''}${e(o.name)}</dd></div>` : ''}
</dl></div></div>`;
}

function organizerCard(ev: PublicEvent): string {
  const o = ev.eventOrganizer;
  const instagram = safeHref(o.instagramProfileUrl);
  return `<div class="org">${o.logoUrl ? `<img src="${e(o.logoUrl)}" alt="" width="48" height="48">` : ''}<div><strong>${e(o.name)}</strong>
${instagram ? `<div><a href="${e(instagram)}" rel="noopener">${e(M.instagram)}</a></div>` : ''}
${o.phoneNumber ? `<div>${e(M.phone)}: <a href="tel:+${e(o.phoneNumber.replace(/\D/g, ''))}">${e(o.phoneNumber)}</a></div>` : ''}</div></div>`;
}

const twibbonSection = (ev: PublicEvent, key: string) => `<section class="card" aria-labelledby="twibbon-h"><h2 id="twibbon-h">${e(M.twibbonHeading)}</h2>
<p>${e(fill(M.twibbonBody, { event: ev.name }))}</p><a class="cta alt" href="${e(twibbonPath(key))}">${e(PUBLIC_TWIBBON_TEXT.heading)}</a></section>`;

/**
 * The public event page: plain HTML and inline CSS, complete before any JavaScript runs (the
 * registration form's labelled fields included; its one deferred module script only adds the
 * checks and the sending), Open Graph and Twitter tags for link previews. Every text the
 * organizer typed goes through `escapeHtml`; links are built only from http(s) URLs or encoded
 * queries.
 */
export function publicEventPage(ev: PublicEvent, opts: EventPageOptions): string {
  const { publicUrl, siteName, now, assets, twibbonKey } = opts;
  const url = `${publicUrl}${publicEventPath(ev.id)}`;
  const description = summary(ev);
  const head = [
    `<title>${e(ev.name)} · ${e(siteName)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    ...previewTags(ev, url, description, opts),
    `<style>${PUBLIC_FORM_STYLE}${EVENT_PAGE_STYLE}</style>`,
    assetTags(assets, e),
  ].join('\n');

  const card = registerCard(ev, now);
  const main = [
    ev.description ? section(M.description, `<div class="desc">${e(ev.description)}</div>`) : '',
    section(M.tickets, ev.tickets.length ? ev.tickets.map((t) => ticketBlock(t, now)).join('\n') : `<p>${e(M.noTickets)}</p>`),
    ev.sessions.length ? section(M.sessions, sessionList(ev.sessions)) : '',
    ev.benefits.length ? section(M.benefits, list(ev.benefits)) : '',
    ev.eligibilities.length ? section(M.eligibilities, list(ev.eligibilities)) : '',
    ev.stepsToRegister.length ? section(M.steps, list(ev.stepsToRegister, 'ol')) : '',
    twibbonKey ? twibbonSection(ev, twibbonKey) : '',
    section(M.organizer, organizerCard(ev)),
    registrationForm(ev, now, opts.accessCode),
    resendForm(ev),
  ].filter(Boolean).join('\n');
  const body = `<div class="ev${card.bar ? ' has-bar' : ''}">
${hero(ev, publicUrl)}
${card.html}
<div class="ev-main">
${main}
</div></div>`;
  return layout(head, body, { wide: true });
}
