import {
  ATTENDANCE_TEXT as A, CANCEL_TEXT as C, EMBED_TEXT, ETICKET_TEXT as T, fill, PUBLIC_FORM_TEXT, PUBLIC_TWIBBON_TEXT, formatWibLongDate, formatWibTime, type ETicket,
  type ParticipantCertificate, type PublicEvaluation,
} from '@eo/contract';
import { assetTags, type EntryAssets } from '../../lib/public-assets.js';
import { evaluationSection, EVALUATION_STYLE } from './ticket-evaluation.js';
import { escapeHtml as e, PUBLIC_FORM_STYLE, publicLayout, safeHref } from '../../lib/public-html.js';
import { certificatesSection, TICKET_CERT_STYLE } from './ticket-certificates.js';

/** The attendance and cancellation forms' script: its own entry of the web build (no React, no antd). */
export const ATTENDANCE_ENTRY = 'src/public/attendance/main.ts';

const TICKET_STYLE = `.qr{display:block;width:100%;max-width:280px;height:auto;margin:12px auto}.code{font-family:ui-monospace,monospace;word-break:break-all}
.status{font-weight:600}.wait{color:#ad4e00}summary{cursor:pointer;font-weight:600}.cta.danger{background:#cf1322}.sessions{list-style:none;margin:0;padding:0}.sessions li{padding:8px 0;border-top:1px solid #f0f0f0}.sessions .mark{white-space:nowrap}.done{background:#f6ffed;border:1px solid #b7eb8f;color:#135200;border-radius:8px;padding:10px 12px;font-weight:600}`;

function when(t: ETicket): string {
  if (t.event.dates.length) {
    return t.event.dates.map((d) => {
      const day = formatWibLongDate(new Date(`${d.date}T05:00:00Z`));
      return `${day}${d.startHour ? `, ${d.startHour}${d.endHour ? `–${d.endHour}` : ''} WIB` : ''}`;
    }).join('<br>');
  }
  return t.event.startAt ? `${formatWibLongDate(new Date(t.event.startAt))}, ${formatWibTime(new Date(t.event.startAt))} WIB` : '-';
}

/**
 * An online event's attendance ("Presensi"): when attended, when; otherwise the form for
 * the code read out in the session (sent by the page's script). None for a refunded ticket.
 */
function attendance(t: ETicket): string {
  if (t.event.experience !== 'online' || t.status !== 'confirmed') return '';
  // A code for a session attends that session: the form stays until the holder attended it.
  const session = t.attendanceSessionId ? t.sessions.find((s) => s.id === t.attendanceSessionId) : undefined;
  const attendedAt = session ? session.attendedAt : t.checkedInAt;
  if (attendedAt) {
    const at = new Date(attendedAt);
    const time = `${formatWibLongDate(at)}, ${formatWibTime(at)}`;
    return `<p class="done" id="presensi-done">${e(session ? fill(A.sessionAttendedAt, { session: session.name, time }) : fill(A.attendedAt, { time }))}</p>`;
  }
  return `<form class="card" id="presensi" data-ticket="${e(t.ticketCode)}" data-empty="${e(A.empty)}" data-failed="${e(A.failed)}" data-sending="${e(A.sending)}" novalidate>
<h2>${e(session ? fill(A.sessionTitle, { session: session.name }) : A.title)}</h2><p>${e(A.intro)}</p>
<div class="field"><label for="presensi-kode">${e(A.code)}</label><input id="presensi-kode" name="code" type="text" maxlength="40" autocomplete="off" autocapitalize="characters" spellcheck="false" required aria-describedby="presensi-kode-err"><p class="err" id="presensi-kode-err" role="alert" hidden></p></div>
<button type="submit" class="cta" id="presensi-kirim">${e(A.submit)}</button></form>`;
}

/** The event's sessions with the holder's attendance of each: what a certificate's rule counts. None without sessions. */
function sessionList(t: ETicket): string {
  if (!t.sessions.length) return '';
  const items = t.sessions.map((s) => {
    const start = new Date(s.startsAt);
    // The mark and its dot wrap as one: "Belum hadir" never splits across lines on a phone.
    const mark = s.attendedAt ? `<span class="status ok">${e(A.attended)}</span>` : `<span class="muted">${e(A.notAttended)}</span>`;
    return `<li><strong>${e(s.name)}</strong><br><span class="muted">${e(`${formatWibLongDate(start)}, ${formatWibTime(start)}–${formatWibTime(new Date(s.endsAt))} WIB`)}</span> <span class="mark">· ${mark}</span></li>`;
  }).join('');
  return `<section class="card" id="sesi"><h2>${e(A.sessions)}</h2><ul class="sessions">${items}</ul></section>`;
}

/**
 * "Batalkan pendaftaran" while the ticket may be cancelled: folded until opened, then the
 * registration's email as the confirmation and one button (sent by the page's script).
 */
function cancelForm(t: ETicket): string {
  if (!t.cancellable) return '';
  const until = t.cancelUntil ? new Date(t.cancelUntil) : null;
  const when = until ? `<p class="muted">${e(fill(C.until, { until: `${formatWibLongDate(until)}, ${formatWibTime(until)}` }))}</p>` : '';
  return `<details class="card" id="batal-box"><summary>${e(C.title)}</summary><p>${e(C.intro)}</p>${when}
<form id="batal" data-ticket="${e(t.ticketCode)}" novalidate>
<div class="field"><label for="batal-email">${e(C.email)}</label><input id="batal-email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254" required aria-describedby="batal-email-err"><p class="err" id="batal-email-err" role="alert" hidden></p></div>
<button type="submit" class="cta danger" id="batal-kirim">${e(C.submit)}</button></form></details>`;
}

/**
 * The QR code's SVG of recent ticket codes. Drawing one costs the server about as much as the rest
 * of the page's request; it depends on the code alone (never on the ticket's state), so a code's
 * SVG is drawn once and kept, the least recently drawn dropped beyond QR_CACHE_SIZE (an SVG is a
 * few kilobytes). Only a request naming the code (its secret) gets it back.
 */
const QR_CACHE_SIZE = 2000;
const qrOfCode = new Map<string, Promise<string>>();

export function qrSvg(code: string): Promise<string> {
  let svg = qrOfCode.get(code);
  if (svg) {
    // Most recently used last: Map keeps insertion order.
    qrOfCode.delete(code);
  } else {
    svg = import('qrcode').then(({ default: QRCode }) => QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    svg.catch(() => qrOfCode.delete(code));
    if (qrOfCode.size >= QR_CACHE_SIZE) qrOfCode.delete(qrOfCode.keys().next().value!);
  }
  qrOfCode.set(code, svg);
  return svg;
}

/** How a status reads: confirmed in green; awaiting approval in amber, as it may still come; the rest in red. */
const STATUS_TONE: Record<ETicket['status'], 'ok' | 'wait' | 'no'> = { confirmed: 'ok', pending: 'wait', declined: 'no', cancelled: 'no', refunded: 'no' };

/** The e-ticket page: everything shown as text; the QR code an SVG drawn from the ticket code. */
export async function ticketPage(
  t: ETicket, links: { calendar: string; event: string; twibbon?: string | null },
  opts: {
    justRegistered?: boolean; assets?: EntryAssets; siteName: string; certificates?: ParticipantCertificate[]; evaluation?: PublicEvaluation | null; now?: Date;
    /**
     * The e-ticket inside the embedded form's frame: its QR code and details, with the full page
     * (`fullTicket`) a link away; no forms, as only the full page may act on the registration and
     * no other site may frame it. `assets`: the frame's script, which sizes the frame.
     */
    embed?: { fullTicket: string; assets?: EntryAssets };
  },
): Promise<string> {
  // A QR code only for a ticket that is valid: awaiting approval it is not yet, declined,
  // cancelled or refunded no longer.
  const valid = t.status === 'confirmed';
  const qr = valid ? await qrSvg(t.ticketCode) : '';
  const online = t.event.experience === 'online';
  const where = online ? T.online : (t.event.location ?? '-');
  // Only a confirmed ticket carries the link (the API leaves it out otherwise); it is an http(s) address.
  const join = online ? safeHref(t.event.streamLink) : null;
  const intro = !online ? T.intro : join ? T.introOnline : T.introOnlineNoLink;
  const { embed } = opts;
  const form = embed ? '' : attendance(t);
  const cancel = embed ? '' : cancelForm(t);
  const evaluation = embed ? '' : evaluationSection(opts.evaluation, t, opts.now ?? new Date());
  const evaluating = evaluation.startsWith('<form');
  const scripted = form.startsWith('<form') || cancel !== '' || evaluating;
  const certs = embed ? '' : certificatesSection(opts.certificates ?? []);
  const scripts = embed ? (embed.assets ? assetTags(embed.assets, e) : '') : scripted && opts.assets ? assetTags(opts.assets, e) : '';
  const head = `<title>${e(T.title)} · ${e(t.event.name)} · ${e(opts.siteName)}</title><meta name="robots" content="noindex"><style>${TICKET_STYLE}${
    form || cancel || evaluating ? PUBLIC_FORM_STYLE : ''}${evaluating ? EVALUATION_STYLE : ''}${certs ? TICKET_CERT_STYLE : ''}</style>${scripts}`;
  // In a frame every link opens a page of its own (a tab), never inside the host's frame.
  const out = embed ? ' target="_blank" rel="noopener"' : '';
  const full = embed ? `<a class="cta" href="${e(embed.fullTicket)}"${out}>${e(EMBED_TEXT.fullTicket)}</a><p class="muted">${e(EMBED_TEXT.fullTicketHint)}</p>` : '';
  // Right after the form: said once, politely, to screen readers too.
  const banner = opts.justRegistered ? `<p class="done" role="status">${e(PUBLIC_FORM_TEXT.registered)}</p>` : '';
  const body = `${banner}<div class="card"><p class="muted">${e(T.title)}</p><h1>${e(t.event.name)}</h1>
<p>${e(valid ? intro : t.status === 'pending' ? T.notConfirmed : T.notValid)}</p>
${join ? `<a class="cta" href="${e(join)}" rel="noopener noreferrer" target="_blank">${e(T.join)}</a>` : ''}
${valid ? `<div class="qr" role="img" aria-label="${e(fill(T.qrAlt, { code: t.ticketCode }))}">${qr}</div>` : ''}
<dl>
<dt>${e(T.participant)}</dt><dd>${e(t.participant.name)}</dd>
<dt>${e(T.category)}</dt><dd>${e(t.category.name)}</dd>
<dt>${e(T.dates)}</dt><dd>${when(t)}</dd>
<dt>${e(T.location)}</dt><dd>${e(where)}</dd>
<dt>${e(T.code)}</dt><dd class="code">${e(t.ticketCode)}</dd>
<dt>${e(T.status)}</dt><dd class="status ${STATUS_TONE[t.status]}">${e(T.statuses[t.status])}</dd>
</dl>
${full}
${valid && !embed ? `<a class="cta" href="${e(links.calendar)}" download>${e(T.addToCalendar)}</a>` : ''}
<a class="cta alt" href="${e(links.event)}"${out}>${e(T.eventPage)}</a>
${links.twibbon ? `<a class="cta alt" href="${e(links.twibbon)}"${out}>${e(PUBLIC_TWIBBON_TEXT.heading)}</a>` : ''}</div>${form}${valid ? sessionList(t) : ''}${evaluation}${certs}${cancel}`;
  return publicLayout(head, body);
}

/** An unknown code, or a code of another event (answered 404). */
export function ticketNotFoundPage(siteName: string): string {
  return publicLayout(`<title>${e(T.notFoundTitle)} · ${e(siteName)}</title><meta name="robots" content="noindex">`,
    `<div class="card"><h1>${e(T.notFoundTitle)}</h1><p>${e(T.notFoundBody)}</p></div>`);
}
